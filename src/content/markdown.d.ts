// Markdown content modules (scripts/markdown-content.mjs): front matter validated and HTML rendered at build.
declare module '@/content/legal/*.md' {
  import type { LegalMeta, MarkdownDocument } from '@/content/front-matter'
  const document: MarkdownDocument<LegalMeta>
  export default document
}
