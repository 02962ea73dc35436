/**
 * monday.com signs each board-webhook request with a JWT in the `Authorization` header, HS256 with
 * the app's Signing Secret (developer.monday.com, "Authorization header"): verify the signature,
 * that `exp` has not passed and, where the endpoint is known, that `aud` names it.
 */
export type JwtCheck = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string }

const LEEWAY_SECONDS = 30

const base64UrlBytes = (text: string): Uint8Array<ArrayBuffer> | undefined => {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  try {
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

const jsonPart = (text: string): Record<string, unknown> | undefined => {
  const bytes = base64UrlBytes(text)
  if (!bytes) return undefined
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The token of an `Authorization` header: monday sends it bare; a `Bearer ` prefix is accepted too. */
export function bearerToken(header: string | null): string | undefined {
  const value = header?.trim().replace(/^Bearer\s+/i, '')
  return value || undefined
}

export async function verifyMondayJwt(
  token: string | undefined,
  secret: string,
  { now, audience }: { now: Date; audience?: string },
): Promise<JwtCheck> {
  if (!token) return { ok: false, reason: 'no token' }
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'not a JWT' }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = jsonPart(headerPart)
  // Only the algorithm monday uses: never 'none', never one the token chooses.
  if (header?.alg !== 'HS256') return { ok: false, reason: 'not HS256' }
  const signature = base64UrlBytes(signaturePart)
  if (!signature) return { ok: false, reason: 'bad signature encoding' }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`)
  if (!(await crypto.subtle.verify('HMAC', key, signature, signed))) return { ok: false, reason: 'bad signature' }
  const claims = jsonPart(payloadPart)
  if (!claims) return { ok: false, reason: 'bad payload' }
  const seconds = now.getTime() / 1000
  if (typeof claims.exp !== 'number') return { ok: false, reason: 'no exp' }
  if (claims.exp + LEEWAY_SECONDS < seconds) return { ok: false, reason: 'expired' }
  if (typeof claims.nbf === 'number' && claims.nbf - LEEWAY_SECONDS > seconds) return { ok: false, reason: 'not yet valid' }
  if (audience !== undefined) {
    const aud = claims.aud
    const audiences = Array.isArray(aud) ? aud : [aud]
    if (!audiences.includes(audience)) return { ok: false, reason: 'wrong audience' }
  }
  return { ok: true, claims }
}
