import { describe, expect, it } from 'vitest'
import { headingId, markdownContent, renderMarkdown } from '../../scripts/markdown-content.mjs'
import { validateContent } from '@/content/front-matter'

const article = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  title: 'A title',
  excerpt: 'An excerpt.',
  image: '/images/blog/a-post.svg',
  imageAlt: 'An image',
  date: '2025-03-11',
  slug: 'a-post',
  ...overrides,
})
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')

describe('rendering Markdown at build', () => {
  it('puts an id on each section heading and lists the h2s as contents', () => {
    const { html, toc } = renderMarkdown('## 1. Fees and payment\n\nText **bold**.\n\n### Late fees\n\n## 2. Fees and payment\n')
    expect(html).toContain('<h2 id="fees-and-payment">1. Fees and payment</h2>')
    expect(html).toContain('<h3 id="late-fees">Late fees</h3>')
    expect(html).toContain('<h2 id="fees-and-payment-2">')
    expect(html).toContain('<strong>bold</strong>')
    expect(toc).toEqual([
      { id: 'fees-and-payment', text: '1. Fees and payment' },
      { id: 'fees-and-payment-2', text: '2. Fees and payment' },
    ])
  })

  it('makes anchors from heading text', () => {
    expect(headingId('12. Term and renewal')).toBe('term-and-renewal')
    expect(headingId('AI-drafted replies')).toBe('ai-drafted-replies')
    expect(headingId('Who we are &amp; what we do')).toBe('who-we-are-what-we-do')
  })
})

describe('validating front matter at build', () => {
  const file = '/repo/src/content/articles/a-post.md'

  it('accepts a complete article of 600 words or more', () => {
    expect(validateContent(file, article(), words(600))).toEqual(article())
  })

  it.each([
    ['a missing title', article({ title: undefined }), /title/],
    ['an id that is not a whole number', article({ id: '1' }), /id/],
    ['a date that is not a date', article({ date: '11/03/2025' }), /date/],
    ['an image outside /images/blog', article({ image: 'https://cdn.example/x.png' }), /image/],
    ['a slug that is not the file name', article({ slug: 'other-post' }), /must match the file name/],
  ])('rejects %s', (_, data, message) => {
    expect(() => validateContent(file, data, words(700))).toThrow(message)
  })

  it('rejects an article shorter than 600 words', () => {
    expect(() => validateContent(file, article(), words(599))).toThrow(/599 words, at least 600/)
  })

  it('rejects a legal text without its date line, and a file outside the collections', () => {
    expect(() => validateContent('/repo/src/content/legal/x.md', { title: 'X', summary: 'S' }, 'body')).toThrow(/dateLine/)
    expect(() => validateContent('/repo/src/content/other/x.md', {}, 'body')).toThrow(/belongs in/)
  })
})

describe('the Vite plugin', () => {
  const loader = (names: string[]) => {
    const plugin = markdownContent({ validate: validateContent, tokens: { from: '@/content/site-tokens', names } })
    const { handler } = plugin.load as unknown as { handler: (this: { addWatchFile: () => void }, id: string) => Promise<string | null> }
    return (id: string) => handler.call({ addWatchFile: () => {} }, id)
  }
  const load = loader(['brand', 'email', 'phone', 'phoneHref'])
  const terms = new URL('../../src/content/legal/terms.md', import.meta.url).pathname
  const post = new URL('../../src/content/articles/get-more-customer-reviews.md', import.meta.url).pathname

  it('turns a Markdown file into a module of meta, html and contents, filling tokens from one module', async () => {
    const code = await load(terms)
    expect(code).toContain(`import * as tokens from "@/content/site-tokens"`)
    expect(code).toMatch(/export const html = fill\("<p>These Terms of Service/)
    expect(code).toContain('export const toc = [{"id":"definitions"')
  })

  it('fails the build on a token it does not know', async () => {
    await expect(loader(['brand'])(terms)).rejects.toThrow(/unknown content tokens: email, phone/)
  })

  it('serves the front matter alone for lists, without the body', async () => {
    const code = await load(`${post}?meta&t=1`)
    expect(code).toContain('"slug":"get-more-customer-reviews"')
    expect(code).not.toContain('<p>')
  })

  it('ignores other files', async () => {
    expect(await load('/repo/src/x.ts')).toBeNull()
  })
})
