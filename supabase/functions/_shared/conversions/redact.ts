import type { ConversionInput } from './conversion.ts'

/** Any SHA-256 in hex: the hashed e-mail and phone a platform may quote back. */
const HEX_SHA256 = /\b[0-9a-f]{64}\b/gi

/**
 * A platform's error text can quote what it was sent (Google's "Invalid value at … \"<gclid>\"",
 * Meta's user_data). That text is stored on the row and told to ops, and the row outlives the
 * record's 90-day erasure, so the visitor's click ids, contact details, user agent and hashes are
 * taken out before it is kept anywhere.
 */
export function redactDetail(text: string, input: ConversionInput): string {
  const known: [string | undefined, string][] = [
    ...Object.values(input.attribution.clickIds).map((id): [string | undefined, string] => [id, '[click id]']),
    [input.email, '[e-mail]'],
    [input.phone, '[phone]'],
    [input.userAgent, '[user agent]'],
  ]
  let redacted = text
  for (const [value, mark] of known) {
    if (value && value.length >= 4) redacted = redacted.split(value).join(mark)
  }
  return redacted.replace(HEX_SHA256, '[hash]')
}
