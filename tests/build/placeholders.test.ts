import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { realSiteSettings } from '../support/real-site-settings'

const root = new URL('../../', import.meta.url).pathname
const out = mkdtempSync(join(tmpdir(), 'placeholder-build-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

const LIVE = { VITE_MOCK_SERVICES: 'false', VITE_SUPABASE_URL: 'https://project.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon' }
const REAL = realSiteSettings

/** A live build into a scratch folder; it stops before building when a placeholder is left. */
function liveBuild(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_') && name !== 'ALLOW_PLACEHOLDERS'),
  )
  return spawnSync(process.execPath, ['scripts/build.mjs', '--out', out], {
    cwd: root,
    env: { ...clean, ...LIVE, ...env },
    encoding: 'utf8',
  })
}

// Issue 38 point 10: no placeholder ships. The preview flag (--allow-placeholders, ALLOW_PLACEHOLDERS=1)
// is exercised by tests/build/production-bundle.test.ts, which builds the whole live site with it.
describe('a production build with placeholder contact details', () => {
  it('stops before building and names every placeholder with its value and the way out', { timeout: 60_000 }, () => {
    const run = liveBuild({})
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('Build stopped: this production build would ship placeholder contact details:')
    for (const line of [
      'VITE_SALES_PHONE is 1300 555 019',
      'VITE_SALES_PHONE_INTERNATIONAL is +61 2 5550 4019',
      'VITE_CONTACT_EMAIL is hello@reviewlift.example',
      'VITE_CLIENT_APP_URL is https://app.reviewlift.example',
      'VITE_FACEBOOK_URL is https://www.facebook.com/reviewlift.example',
      'VITE_TWITTER_URL is https://twitter.com/reviewlift_example',
      'VITE_LINKEDIN_URL is https://www.linkedin.com/company/reviewlift-example',
      'VITE_INSTAGRAM_URL is https://www.instagram.com/reviewlift.example',
    ]) {
      expect(run.stderr).toContain(line)
    }
    expect(run.stderr).toContain('--allow-placeholders (or ALLOW_PLACEHOLDERS=1)')
    expect(existsSync(join(out, 'index.html'))).toBe(false)
  })

  it('names only what is still a placeholder when the rest is set', { timeout: 60_000 }, () => {
    const run = liveBuild({ ...REAL, VITE_CONTACT_EMAIL: 'hello@agency.example', VITE_INSTAGRAM_URL: '' })
    expect(run.status).toBe(1)
    const named = run.stderr.split('\n').filter((line) => / is /.test(line))
    expect(named.map((line) => line.trim())).toEqual([
      'VITE_CONTACT_EMAIL is hello@agency.example',
      'VITE_INSTAGRAM_URL is https://www.instagram.com/reviewlift.example',
    ])
  })
})
