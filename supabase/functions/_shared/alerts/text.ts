export type TextFormat = 'slack' | 'plain'

const CONTROL = /[\p{Cc}\u2028\u2029]+/gu
// Invisible format characters (U+202E, U+200B, U+2066-2069, U+FEFF) are removed, not made a space.
const FORMAT = /\p{Cf}/gu
const BROADCAST = /@(channel|here|everyone|all|group)\b/gi
const SLACK_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }
// Slack's mrkdwn has no escape character: its markers become look-alikes that mark nothing up.
const MRKDWN: Record<string, string> = { '*': '\u2217', _: '\uff3f', '~': '\u223c', '`': '\u02cb' }
/** `http://`, `https://`, `ftp://`, any `scheme://`: the usual defanged spelling, `hxxps[://]`. */
const SCHEME = /\b([a-z][a-z0-9+.-]*):\/\//gi
/** A dot inside a host name (`evil.example`, `jane@mail.example`), not a dot that ends a sentence or sits in a number. */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}_-])\.(?=[\p{L}\p{N}_-]*\p{L})/gu

/**
 * Visitor text (a name, a phone, an e-mail address, an error the board echoed) made safe for one
 * line of an alert, on every channel: no line breaks (which could fake a line of ours) and a bounded
 * length. For Slack-compatible webhooks it is also inert: `&`, `<`, `>` escaped (no `<!channel>`, no
 * `<url|label>` link), broadcast words broken, URLs and domains defanged so nothing links or
 * unfurls (`hxxps[://]evil[.]example`), and `*_~`` made look-alikes so nothing is bold or struck.
 * This is the only function alert texts use for anything a visitor typed.
 */
export function visitorText(value: string | null | undefined, format: TextFormat, max = 120): string {
  let text = (value ?? '').replace(FORMAT, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  if (text.length > max) text = `${text.slice(0, max)}…`
  if (!text) return '-'
  if (format === 'plain') return text
  return text
    .replace(/[&<>]/g, (char) => SLACK_ESCAPES[char] ?? char)
    .replace(BROADCAST, '@\u200b$1')
    .replace(SCHEME, (_match, scheme: string) => `${scheme.replace(/^http/i, (http) => (http === 'HTTP' ? 'HXXP' : 'hxxp'))}[://]`)
    .replace(DOMAIN_DOT, '[.]')
    .replace(/[*_~`]/g, (char) => MRKDWN[char] ?? char)
}

/** Our own words: bold in Slack, plain in an e-mail. */
export const strong = (text: string, format: TextFormat) => (format === 'slack' ? `*${text}*` : text)
