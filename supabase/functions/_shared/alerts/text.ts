export type TextFormat = 'slack' | 'plain'

const CONTROL = /[\p{Cc}\u2028\u2029]+/gu
const BROADCAST = /@(channel|here|everyone|all|group)\b/gi
const SLACK_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/**
 * Visitor text (a name, a phone, an e-mail address, an error the board echoed) made safe for one
 * line of an alert: no line breaks (which could fake a 'resolved' line), bounded length, and for
 * Slack-style webhooks `&`, `<`, `>` escaped (no links, no `<!channel>`) and broadcast words broken.
 */
export function visitorText(value: string | null | undefined, format: TextFormat, max = 120): string {
  let text = (value ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  if (text.length > max) text = `${text.slice(0, max)}…`
  if (!text) return '-'
  if (format === 'plain') return text
  return text.replace(/[&<>]/g, (char) => SLACK_ESCAPES[char] ?? char).replace(BROADCAST, '@\u200b$1')
}

/** Our own words: bold in Slack, plain in an e-mail. */
export const strong = (text: string, format: TextFormat) => (format === 'slack' ? `*${text}*` : text)
