import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 36 point 7: the repository stands on its own; nothing it documents or tests lives beside it.
const root = resolve(new URL('../../', import.meta.url).pathname)
// Joined, so that this file does not name the path it looks for.
const OUTSIDE = ['..', 'shared'].join('/')

/** Tracked files and new ones not yet committed (git's own ignore rules leave out node_modules and builds). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
const markdown = files.filter((file) => file.endsWith('.md'))
const tests = files.filter((file) => file.startsWith('tests/') && /\.(ts|tsx|mts|mjs)$/.test(file))
const read = (file: string) => readFileSync(resolve(root, file), 'utf8')

describe('the repository stands on its own', () => {
  it('finds the README, the docs and the tests it checks', () => {
    expect(markdown).toContain('README.md')
    expect(markdown).toContain('docs/scripts.md')
    expect(tests).toContain('tests/functions/board-contract.test.ts')
  })

  it(`no markdown or test file names a path through ${OUTSIDE}`, () => {
    const naming = [...markdown, ...tests].filter((file) => read(file).includes(OUTSIDE))
    expect(naming).toEqual([])
  })

  it('every relative link in the markdown resolves inside the repository', () => {
    const outside = markdown.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s#]+)[^)]*\)/g)]
        .map((match) => match[1] ?? '')
        .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target) && !target.startsWith('/'))
        .filter((target) => relative(root, resolve(root, dirname(file), target)).startsWith('..'))
        .map((target) => `${file}: ${target}`),
    )
    expect(outside).toEqual([])
  })
})
