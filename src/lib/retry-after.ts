// Imports nothing: the edge functions load it from here too (Deno).

/** Retry-After in ms, as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterHeaderMs(headers: Headers, now: number = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
