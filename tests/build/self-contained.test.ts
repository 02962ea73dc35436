import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
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

  // Issue 43 point 10: no broken link in the docs. The site's own pages (src/content) link routes,
  // not files, so only the repository's own markdown is checked (README.md, docs/, tests/).
  const docs = markdown.filter((file) => !file.startsWith('src/content/'))
  const prose = (file: string) => read(file).replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  /** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens; a repeat gets -1, -2… */
  const anchors = (file: string) => {
    const seen = new Map<string, number>()
    return [...prose(file).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => {
      const slug = (match[1] ?? '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/ /g, '-')
      const count = seen.get(slug) ?? 0
      seen.set(slug, count + 1)
      return count ? `${slug}-${count}` : slug
    })
  }

  it('every relative link in README.md, docs/ and tests/ names a file, and a heading, that exists', () => {
    expect(docs).toContain('docs/decisions/024-claim-tokens.md')
    const broken = docs.flatMap((file) =>
      [...prose(file).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
        .map((match) => match[1] ?? '')
        .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target) && !target.startsWith('/'))
        .filter((target) => {
          const [path = '', anchor] = target.split('#')
          const resolved = path === '' ? resolve(root, file) : resolve(root, dirname(file), decodeURI(path))
          if (!existsSync(resolved)) return true
          if (anchor === undefined || !resolved.endsWith('.md')) return false
          return !anchors(relative(root, resolved)).includes(decodeURIComponent(anchor).toLowerCase())
        })
        .map((target) => `${file}: ${target}`),
    )
    expect(broken).toEqual([])
  })
})
