/**
 * The signed link in the confirmation request: `<registration id>.<issued, epoch seconds>.<HMAC>`,
 * HMAC-SHA256 with CONFIRM_LINK_SECRET over both. It expires CONFIRM_LINK_TTL_MS after issue; it is
 * single-use because confirming records `email_confirmed_at` (a used link then reads 'already confirmed').
 */
export const CONFIRM_LINK_TTL_MS = 48 * 60 * 60 * 1000

export type LinkCheck =
  { kind: 'valid'; id: string; issuedAt: Date } | { kind: 'expired'; id: string; issuedAt: Date } | { kind: 'invalid' }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const encoder = new TextEncoder()

const key = (secret: string, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage])

// The seconds as the text that was signed: '01764237600' is not '1764237600', so no re-spelling verifies.
const signed = (id: string, issuedSeconds: string) => encoder.encode(`enterprise-confirm:${id}:${issuedSeconds}`)

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined
  const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='), (char) => char.charCodeAt(0))
  // One spelling per signature: a last character differing only in its unused bits is refused.
  return toBase64Url(bytes) === text ? bytes : undefined
}

/** Seconds since the epoch: the precision the link carries and `confirm_link_issued_at` is compared at. */
export const issuedSeconds = (at: Date) => Math.floor(at.getTime() / 1000)

export async function signConfirmToken(secret: string, id: string, issuedAt: Date): Promise<string> {
  const seconds = String(issuedSeconds(issuedAt))
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key(secret, 'sign'), signed(id, seconds)))
  return `${id}.${seconds}.${toBase64Url(mac)}`
}

/** Signature first (constant time, WebCrypto), then the age: an expired link still names its registration. */
export async function checkConfirmToken(secret: string, token: string, now: Date): Promise<LinkCheck> {
  const [id, seconds, mac, ...rest] = token.split('.')
  if (!id || !seconds || !mac || rest.length > 0 || !UUID.test(id) || !/^\d{1,12}$/.test(seconds)) return { kind: 'invalid' }
  const signature = fromBase64Url(mac)
  if (!signature) return { kind: 'invalid' }
  const ok = await crypto.subtle.verify('HMAC', await key(secret, 'verify'), signature, signed(id, seconds))
  if (!ok) return { kind: 'invalid' }
  const issuedAt = new Date(Number(seconds) * 1000)
  return now.getTime() - issuedAt.getTime() > CONFIRM_LINK_TTL_MS ? { kind: 'expired', id, issuedAt } : { kind: 'valid', id, issuedAt }
}

/** `${SITE_URL}/confirm?token=…` */
export const confirmUrl = (siteUrl: string, token: string) => `${siteUrl.replace(/\/+$/, '')}/confirm?token=${encodeURIComponent(token)}`
