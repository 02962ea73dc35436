// `npm run bench -- --against REF`: the first-input probe on this build and on a reference build of a
// git ref, alternating run by run (which side goes first alternates too), so both sides share the
// host's load; per route, the ratio of this build's median to the reference's. On a shared or busy
// host the absolute times mean little; the ratios of alternating runs are the point (issue 45).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureFirstInput } from './first-input.mjs'

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return !sorted.length ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** What the table compares: the probe's fields, each a time in ms. */
const MEASURES = [
  ['slowest', 'slowest keystroke'],
  ['longestTask', 'longest task'],
  ['firstPaint', 'first paint'],
  ['scriptAfterPaint', 'script after paint'],
  ['hydrated', 'hydrated'],
]

/**
 * Builds `ref` in a temporary git worktree (the project's node_modules linked in) with the same live
 * settings, into `outDir`; the worktree is removed afterwards. The ref's own build script is used.
 */
export function buildReference({ root, ref, outDir, env, log }) {
  const tree = mkdtempSync(join(tmpdir(), 'bench-ref-'))
  const git = (...args) => spawnSync('git', ['-C', root, ...args], { stdio: ['ignore', 'inherit', 'inherit'] }).status
  if (git('worktree', 'add', '--detach', tree, ref) !== 0) throw new Error(`git worktree add ${ref} failed`)
  try {
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'))
    log(`building ${ref} in ${tree} into ${outDir} …`)
    const status = spawnSync(process.execPath, ['scripts/build.mjs', '--out', outDir], {
      cwd: tree,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    }).status
    if (status !== 0 || !existsSync(join(outDir, 'index.html'))) throw new Error(`the build of ${ref} failed`)
  } finally {
    git('worktree', 'remove', '--force', tree)
    rmSync(tree, { recursive: true, force: true })
  }
}

/** One ratio cell: this build's median over the reference's, with both medians. */
function ratioCell(mine, theirs) {
  const a = median(mine)
  const b = median(theirs)
  const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)}` : 'n/a')
  const ratio = Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a'
  return `${ratio} (${ms(a)}/${ms(b)})`
}

/**
 * `sides`: [{ name, origin }, { name, origin }], this build first. Returns the table's text; each
 * cell is this build's median over the reference's, then both medians in ms.
 */
export async function sideBySide({ browser, sides, routes, runs, log, table }) {
  const results = new Map(routes.map((route) => [route, sides.map(() => [])]))
  for (let round = 0; round < runs; round++) {
    for (const route of routes) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0]
      for (const i of order) {
        try {
          const result = await measureFirstInput(browser, sides[i].origin + route)
          results.get(route)[i].push(result)
          log(
            `side by side ${round + 1}/${runs} ${route} ${sides[i].name}: slowest keystroke ${Math.round(result.slowest)} ms, ` +
              `longest task ${Math.round(result.longestTask)} ms, first paint ${Math.round(result.firstPaint)} ms, ` +
              `script requested ${Math.round(result.scriptAfterPaint)} ms after it, hydrated ${Math.round(result.hydrated)} ms`,
          )
        } catch (error) {
          log(`side by side ${round + 1}/${runs} ${route} ${sides[i].name} FAILED: ${error.message.split('\n')[0]}`)
        }
      }
    }
  }
  const rows = routes.map((route) => {
    const [mine, theirs] = results.get(route)
    return [
      route,
      `${mine.length}/${theirs.length}`,
      ...MEASURES.map(([key]) =>
        ratioCell(
          mine.map((r) => r[key]),
          theirs.map((r) => r[key]),
        ),
      ),
    ]
  })
  return [
    `-- Side by side: ${sides[0].name} over ${sides[1].name}, medians of alternating runs (ms: this/reference) --`,
    table(['route', 'runs', ...MEASURES.map(([, label]) => label)], rows),
    'a ratio under 1 is this build faster; on a loaded host read the ratios, not the times',
  ].join('\n')
}
