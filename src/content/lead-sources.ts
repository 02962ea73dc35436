/** Source-page labels of SPEC §9, keyed by path; the board's update note carries them. */
const labels: Record<string, string> = {
  '/': 'Homepage',
  '/vet': 'Veterinary Page',
  '/vet1': 'Veterinary Page (Alt)',
  '/qrb': 'Accountants Page (QRB)',
  '/konversable': 'Konversable Page',
  '/x18': 'X18 Page',
}

export const QRB_PARTNERSHIP_NOTE = 'Lead came through the Dare Accounting (QRB) partnership.'

export function sourceLabel(path: string): string {
  const clean = path === '/' ? '/' : path.replace(/\/+$/, '')
  return labels[clean] ?? `Page ${clean}`
}

export function leadSource(path: string): { path: string; label: string; note?: string } {
  const clean = path === '/' ? '/' : path.replace(/\/+$/, '')
  const label = sourceLabel(clean)
  return clean === '/qrb' ? { path: clean, label, note: QRB_PARTNERSHIP_NOTE } : { path: clean, label }
}
