// Which packages the bytes of each built script belong to, read from its source map. Only the
// bench's build makes maps (`scripts/build.mjs --sourcemap`, hidden: the scripts are byte for byte
// the production ones); this keeps, per script, each package's share of the minified text and
// deletes the maps, so a missed script budget can be told as 'react-dom 64 KB', not 'app.js 84 KB'.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { decode } from '@jridgewell/sourcemap-codec'

const SITE_CODE = 'site code'
const UNMAPPED = 'bundler runtime'

/** The package a source belongs to (its path resolved, not as the map spells it): npm name, or the site's code. */
export function packageOf(source) {
  const at = source.lastIndexOf('node_modules/')
  if (at < 0) return source ? SITE_CODE : UNMAPPED
  const [scope, name] = source.slice(at + 'node_modules/'.length).split('/')
  return scope.startsWith('@') ? `${scope}/${name}` : scope
}

/** Each package's share (0..1) of a minified script's characters, from its source map. */
export function scriptShares(code, map, resolveSource = (source) => source) {
  const lines = code.split('\n')
  const counts = new Map()
  const add = (pkg, n) => n > 0 && counts.set(pkg, (counts.get(pkg) ?? 0) + n)
  const packages = map.sources.map((s) => packageOf(s ? resolveSource(s) : ''))
  decode(map.mappings).forEach((segments, i) => {
    const length = lines[i]?.length ?? 0
    add(UNMAPPED, Math.min(segments[0]?.[0] ?? length, length))
    segments.forEach((segment, k) => {
      const end = Math.min(segments[k + 1]?.[0] ?? length, length)
      add(segment.length > 1 ? packages[segment[1]] : UNMAPPED, end - segment[0])
    })
  })
  const total = [...counts.values()].reduce((a, b) => a + b, 0) || 1
  return Object.fromEntries([...counts].map(([pkg, n]) => [pkg, n / total]))
}

const SHARES_FILE = join('.vite', 'script-packages.json')

/** Writes `.vite/script-packages.json` for the scripts in `dist/assets` and deletes their maps. */
export function writeScriptPackages(dist) {
  const assets = join(dist, 'assets')
  const shares = {}
  for (const script of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const mapFile = join(assets, `${script}.map`)
    // The bundler writes no map for a chunk of its own code alone (its runtime, the preload helper).
    if (!existsSync(mapFile)) {
      shares[script] = { [UNMAPPED]: 1 }
      continue
    }
    const map = JSON.parse(readFileSync(mapFile, 'utf8'))
    // Sources are relative to the map; the bench's build sits inside node_modules/.cache, so a
    // relative path would not show which package it reaches.
    const base = resolve(dirname(mapFile), map.sourceRoot ?? '')
    shares[script] = scriptShares(readFileSync(join(assets, script), 'utf8'), map, (source) => resolve(base, source))
    rmSync(mapFile)
  }
  writeFileSync(join(dist, SHARES_FILE), `${JSON.stringify(shares, null, 1)}\n`)
}

/** What `writeScriptPackages` kept for a build, or null for a build made without maps. */
export function readScriptPackages(dist) {
  const file = join(dist, SHARES_FILE)
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
}

/** Transfer bytes of the given scripts split by package (each script's bytes by its shares), largest first. */
export function bytesByPackage(scripts, sharesByScript) {
  const bytes = new Map()
  for (const { name, bytes: size } of scripts) {
    const shares = sharesByScript?.[name] ?? { [`${name} (no map)`]: 1 }
    for (const [pkg, share] of Object.entries(shares)) bytes.set(pkg, (bytes.get(pkg) ?? 0) + size * share)
  }
  return [...bytes].map(([name, size]) => ({ name, bytes: Math.round(size) })).sort((a, b) => b.bytes - a.bytes)
}
