import * as v from 'valibot'
import { ARTICLE_SLUG } from './page-paths.ts'

// Front matter of the Markdown content files, checked when the build reads them
// (scripts/markdown-content.mjs via vite.config.ts): a bad file fails the build, not the page.
// It imports app code only relatively (page-paths.ts imports nothing), so the Vite config can load it.

const text = v.pipe(v.string(), v.trim(), v.nonEmpty())
const isoDate = v.pipe(v.string(), v.isoDate())

export const ArticleFrontMatter = v.object({
  /** The article id of SPEC §3. */
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  title: text,
  excerpt: v.pipe(text, v.maxLength(200)),
  image: v.pipe(v.string(), v.regex(/^\/images\/blog\/[a-z0-9-]+\.svg$/)),
  imageAlt: text,
  date: isoDate,
  slug: v.pipe(v.string(), v.regex(ARTICLE_SLUG)),
})

export const LegalFrontMatter = v.object({
  title: text,
  /** How the page states its date: 'Effective 23 April 2025', 'Dated 15/05/2025'. */
  dateLine: text,
  summary: text,
})

export type ArticleMeta = v.InferOutput<typeof ArticleFrontMatter>
export type LegalMeta = v.InferOutput<typeof LegalFrontMatter>
export type TocEntry = { id: string; text: string }
export type MarkdownDocument<Meta> = { meta: Meta; html: string; toc: TocEntry[] }

/** Articles are real reading for a business owner, not placeholders. */
export const ARTICLE_MIN_WORDS = 600

export const wordCount = (markdown: string) => markdown.split(/\s+/).filter((word) => /[a-z0-9]/i.test(word)).length

const fileName = (file: string) => file.split('/').pop()?.replace(/\.md$/, '') ?? ''

function parse<S extends v.GenericSchema>(schema: S, file: string, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data)
  if (!result.success) {
    const issues = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`).join('\n')
    throw new Error(`invalid front matter in ${file}:\n${issues}`)
  }
  return result.output
}

/** Validates a content file by its collection (its folder); throws with every problem listed. */
export function validateContent(file: string, data: unknown, body: string): ArticleMeta | LegalMeta {
  if (file.includes('/content/articles/')) {
    const meta = parse(ArticleFrontMatter, file, data)
    if (meta.slug !== fileName(file)) throw new Error(`${file}: slug '${meta.slug}' must match the file name`)
    const words = wordCount(body)
    if (words < ARTICLE_MIN_WORDS) throw new Error(`${file}: ${words} words, at least ${ARTICLE_MIN_WORDS} expected`)
    return meta
  }
  if (file.includes('/content/legal/')) return parse(LegalFrontMatter, file, data)
  throw new Error(`${file}: Markdown content belongs in src/content/articles or src/content/legal`)
}
