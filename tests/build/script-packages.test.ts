import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encode } from '@jridgewell/sourcemap-codec'
import { describe, expect, it } from 'vitest'
import { bytesByPackage, packageOf, readScriptPackages, scriptShares, writeScriptPackages } from '../../scripts/bench/script-packages.mjs'

const sources = [
  '../../node_modules/react-dom/cjs/react-dom-client.production.js',
  '../../node_modules/@tanstack/router-core/dist/esm/index.js',
  '../../src/router.tsx',
]
// Line 1: 2 unmapped characters, then 6 of react-dom, 2 of the router; line 2: 4 of the site's code.
const code = 'xxRRRRRRTT\nSSSS'
const map = {
  version: 3,
  sources,
  names: [],
  mappings: encode([
    [
      [2, 0, 0, 0],
      [8, 1, 0, 0],
    ],
    [[0, 2, 0, 0]],
  ]),
}

describe('script packages', () => {
  it('names the package of a source: npm name, scope kept, or the site code', () => {
    expect(packageOf('../../node_modules/react-dom/cjs/x.js')).toBe('react-dom')
    expect(packageOf('/a/node_modules/.pnpm/x/node_modules/@tanstack/store/dist/atom.js')).toBe('@tanstack/store')
    expect(packageOf('../../src/ui/layout/site-footer.tsx')).toBe('site code')
    expect(packageOf('')).toBe('bundler runtime')
  })

  it('shares a minified script’s characters among the packages its map names', () => {
    expect(scriptShares(code, map)).toEqual({
      'bundler runtime': 2 / 14,
      'react-dom': 6 / 14,
      '@tanstack/router-core': 2 / 14,
      'site code': 4 / 14,
    })
  })

  it('splits transfer bytes by package over several scripts; a script without a map stays whole', () => {
    const shares = { 'app.js': { 'react-dom': 0.5, 'site code': 0.5 }, 'page.js': { 'site code': 1 } }
    expect(
      bytesByPackage(
        [
          { name: 'app.js', bytes: 1000 },
          { name: 'page.js', bytes: 300 },
          { name: 'other.js', bytes: 200 },
        ],
        shares,
      ),
    ).toEqual([
      { name: 'site code', bytes: 800 },
      { name: 'react-dom', bytes: 500 },
      { name: 'other.js (no map)', bytes: 200 },
    ])
  })

  it('keeps the shares beside a build inside node_modules/.cache, as the bench builds, and deletes its maps', () => {
    const dist = join(mkdtempSync(join(tmpdir(), 'script-packages-')), 'node_modules', '.cache', 'bench-dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    mkdirSync(join(dist, '.vite'))
    // As the bundler spells them: relative to the map, so only the resolved path shows the package.
    const relative = {
      ...map,
      sources: ['../../../react-dom/cjs/client.js', '../../../@tanstack/router-core/dist/index.js', '../../../../src/router.tsx'],
    }
    writeFileSync(join(dist, 'assets', 'app.js'), code)
    writeFileSync(join(dist, 'assets', 'app.js.map'), JSON.stringify(relative))
    writeFileSync(join(dist, 'assets', 'rolldown-runtime-x.js'), 'var r=1')
    expect(readScriptPackages(dist)).toBeNull()
    writeScriptPackages(dist)
    expect(readdirSync(join(dist, 'assets')).sort()).toEqual(['app.js', 'rolldown-runtime-x.js'])
    expect(readScriptPackages(dist)).toEqual({
      'app.js': { 'bundler runtime': 2 / 14, 'react-dom': 6 / 14, '@tanstack/router-core': 2 / 14, 'site code': 4 / 14 },
      'rolldown-runtime-x.js': { 'bundler runtime': 1 },
    })
  })
})
