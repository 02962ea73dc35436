import type { Attribution } from '../../../../src/schemas/attribution.ts'

/** Characters (code points): longer than any real browser's; the attribution column holds at most 4 KB in all. */
export const USER_AGENT_MAX_LENGTH = 512

/** What is stored: the schema's attribution, and the browser of a visitor who came from an ad click. */
export type StoredAttribution = Attribution & { userAgent?: string }

// Control characters carry nothing a platform reads; a header should hold none, a proxy may pass them.
const printable = (char: string) => {
  const code = char.codePointAt(0)!
  return code >= 0x20 && (code < 0x7f || code > 0x9f)
}

/**
 * The attribution as stored (docs/attribution.md): with the request's `User-Agent` as `userAgent`
 * only when it holds a click id (Meta's website event needs `client_user_agent`; without a click
 * nothing is reported, so nothing is kept). Taken from the request the server received, never from
 * the page's body: the shared schema drops any `userAgent` a page sends.
 */
export function withUserAgent(attribution: Attribution | undefined, userAgent: string | null): StoredAttribution | undefined {
  if (!attribution || Object.keys(attribution.clickIds).length === 0) return attribution
  const cleaned = [...[...(userAgent ?? '')].filter(printable).join('').trim()].slice(0, USER_AGENT_MAX_LENGTH).join('')
  return cleaned ? { ...attribution, userAgent: cleaned } : attribution
}
