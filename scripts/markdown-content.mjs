// A Vite plugin that turns Markdown content files into modules at build time, so neither the
// Markdown library nor the front-matter parser ever reaches the browser:
//   import doc from './terms.md'          -> { meta, html, toc } (html rendered by marked)
//   import meta from './post.md?meta'      -> the validated front matter alone (lists, cards)
// `validate(file, data, body)` returns the front matter to publish or throws; the build fails on it.
// `@@name@@` in the text is filled from the exports of `tokens.from` when the module runs, so copy
// can name values that live in one place (brand, email, phone) without a second copy in Markdown.
import { readFile } from 'node:fs/promises'
import matter from 'gray-matter'
import { Marked } from 'marked'

/** A heading's anchor: lower case, words joined by hyphens, a leading section number dropped. */
export function headingId(text) {
  return text
    .toLowerCase()
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/^\d+(\.\d+)*\.?\s+/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Markdown to HTML with an id on every h2/h3 and the h2 list as a table of contents. */
export function renderMarkdown(markdown) {
  const toc = []
  const used = new Map()
  const marked = new Marked({ gfm: true })
  marked.use({
    renderer: {
      heading({ tokens, depth, text }) {
        const inner = this.parser.parseInline(tokens)
        if (depth > 3) return `<h${depth}>${inner}</h${depth}>\n`
        const base = headingId(text) || 'section'
        const count = used.get(base) ?? 0
        used.set(base, count + 1)
        const id = count ? `${base}-${count + 1}` : base
        if (depth === 2) toc.push({ id, text: text.replace(/[*_`]/g, '') })
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`
      },
    },
  })
  return { html: marked.parse(markdown, { async: false }), toc }
}

const normalise = (data) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value instanceof Date ? value.toISOString().slice(0, 10) : value]))

export function markdownContent({ validate, tokens = { from: '', names: [] } }) {
  // Module code that fills `@@name@@` in every string of `value` when the module runs.
  const filled = (value) => {
    const json = JSON.stringify(value)
    const names = [...new Set([...json.matchAll(/@@([a-zA-Z]+)@@/g)].map((m) => m[1]))]
    const unknown = names.filter((name) => !tokens.names.includes(name))
    if (unknown.length) throw new Error(`unknown content tokens: ${unknown.join(', ')}`)
    return names.length ? `fill(${json})` : json
  }
  const header = (usesTokens) =>
    usesTokens
      ? [
          `import * as tokens from ${JSON.stringify(tokens.from)}`,
          'const fillText = (text) => text.replace(/@@([a-zA-Z]+)@@/g, (_, name) => String(tokens[name]))',
          "const fill = (value) => typeof value === 'string' ? fillText(value) : Array.isArray(value) ? value.map(fill) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)])) : value",
        ].join('\n')
      : ''
  return {
    name: 'markdown-content',
    enforce: 'pre',
    load: {
      // Only Markdown ids reach the handler (the bundler filters them without calling into JS).
      filter: { id: /\.md(\?.*)?$/ },
      handler: loadMarkdown,
    },
  }

  async function loadMarkdown(id) {
    const [file = '', query = ''] = id.split('?')
    if (!file.endsWith('.md')) return null
    const metaOnly = new URLSearchParams(query).has('meta')
    this.addWatchFile(file)
    const { data, content } = matter(await readFile(file, 'utf8'))
    const meta = validate(file, normalise(data), content)
    if (metaOnly) {
      const code = `export default ${filled(meta)}`
      return `${header(code.startsWith('export default fill('))}\n${code}`
    }
    const { html, toc } = renderMarkdown(content)
    const values = [filled(meta), filled(html), filled(toc)]
    const code = [
      `export const meta = ${values[0]}`,
      `export const html = ${values[1]}`,
      `export const toc = ${values[2]}`,
      'export default { meta, html, toc }',
    ].join('\n')
    return `${header(values.some((value) => value.startsWith('fill(')))}\n${code}`
  }
}
