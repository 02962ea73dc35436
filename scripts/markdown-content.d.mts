import type { Plugin } from 'vite'

export type TocEntry = { id: string; text: string }
export declare function headingId(text: string): string
export declare function renderMarkdown(markdown: string): { html: string; toc: TocEntry[] }
export declare function markdownContent(options: {
  validate: (file: string, data: Record<string, unknown>, body: string) => unknown
  tokens?: { from: string; names: string[] }
}): Plugin
