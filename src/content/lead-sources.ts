import { normalizePath, pageFor } from '@/content/pages'

export const QRB_PARTNERSHIP_NOTE = 'Lead came through the Dare Accounting (QRB) partnership.'

/** Source-page label of SPEC §9 from the table of pages; otherwise 'Page' plus the path. */
export function sourceLabel(path: string): string {
  const clean = normalizePath(path)
  return pageFor(clean)?.source ?? `Page ${clean}`
}

export function leadSource(path: string): { path: string; label: string; note?: string } {
  const clean = normalizePath(path)
  const label = sourceLabel(clean)
  return clean === '/qrb' ? { path: clean, label, note: QRB_PARTNERSHIP_NOTE } : { path: clean, label }
}
