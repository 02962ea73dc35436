import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findLeaks } from '../../scripts/check-bundle.mjs'

const out = mkdtempSync(join(tmpdir(), 'live-build-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('production build', () => {
  it('prerenders every route and holds no MSW, board address or server secret', { timeout: 240_000 }, () => {
    execFileSync('node', ['scripts/build.mjs', '--out', out], {
      env: {
        ...process.env,
        VITE_MOCK_SERVICES: 'false',
        VITE_SUPABASE_URL: 'https://project.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'anon',
      },
      stdio: 'pipe',
    })
    expect(findLeaks(out)).toEqual([])
    expect(existsSync(join(out, 'mockServiceWorker.js'))).toBe(false)
    expect(readFileSync(join(out, 'vet', 'index.html'), 'utf8')).toMatch(/<title>[^<]*Veterinary[^<]*<\/title>/)
    expect(existsSync(join(out, '404.html'))).toBe(true)
    // Security headers ship with the build; the live Supabase URL is the only API origin allowed.
    const headers = readFileSync(join(out, '_headers'), 'utf8')
    expect(headers).toMatch(/^\/vet\n {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-/m)
    expect(headers).toContain("connect-src 'self' https://project.supabase.co;")
    expect(headers).not.toContain('mock-project')
  })

  it('the leak check does catch mock code', () => {
    const mockBuild = mkdtempSync(join(tmpdir(), 'fake-mock-'))
    execFileSync('sh', ['-c', `mkdir -p ${mockBuild}/assets && echo 'const w = setupWorker()' > ${mockBuild}/assets/browser.js`])
    expect(findLeaks(mockBuild)).toEqual([expect.stringContaining('setupWorker')])
    rmSync(mockBuild, { recursive: true, force: true })
  })
})
