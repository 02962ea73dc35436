// Markdown content modules (scripts/markdown-content.mjs): front matter validated and HTML rendered at build.
declare module '@/content/legal/*.md' {
  const document: import('@/content/front-matter').MarkdownDocument<import('@/content/front-matter').LegalMeta>
  export default document
}
