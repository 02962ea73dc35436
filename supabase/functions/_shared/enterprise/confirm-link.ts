import { hmacSign, hmacVerify } from '../runtime/hmac.ts'

/**
 * The signed link in the confirmation request: `<registration id>.<issued, epoch seconds>.<HMAC>`,
 * HMAC-SHA256 with CONFIRM_LINK_SECRET over both. It expires CONFIRM_LINK_TTL_MS after issue; it is
 * single-use because confirming records `email_confirmed_at` (a used link then reads 'already confirmed').
 */
export const CONFIRM_LINK_TTL_MS = 48 * 60 * 60 * 1000

export type LinkCheck =
  { kind: 'valid'; id: string; issuedAt: Date } | { kind: 'expired'; id: string; issuedAt: Date } | { kind: 'invalid' }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
// The seconds as the text that was signed: '01764237600' is not '1764237600', so no re-spelling verifies.
const signed = (id: string, issuedSeconds: string) => `enterprise-confirm:${id}:${issuedSeconds}`

/** Seconds since the epoch: the precision the link carries and `confirm_link_issued_at` is compared at. */
export const issuedSeconds = (at: Date) => Math.floor(at.getTime() / 1000)

export async function signConfirmToken(secret: string, id: string, issuedAt: Date): Promise<string> {
  const seconds = String(issuedSeconds(issuedAt))
  return `${id}.${seconds}.${await hmacSign(secret, signed(id, seconds))}`
}

/** Signature first (constant time, WebCrypto), then the age: an expired link still names its registration. */
export async function checkConfirmToken(secret: string, token: string, now: Date): Promise<LinkCheck> {
  const [id, seconds, mac, ...rest] = token.split('.')
  if (!id || !seconds || !mac || rest.length > 0 || !UUID.test(id) || !/^\d{1,12}$/.test(seconds)) return { kind: 'invalid' }
  if (!(await hmacVerify(secret, signed(id, seconds), mac))) return { kind: 'invalid' }
  const issuedAt = new Date(Number(seconds) * 1000)
  return now.getTime() - issuedAt.getTime() > CONFIRM_LINK_TTL_MS ? { kind: 'expired', id, issuedAt } : { kind: 'valid', id, issuedAt }
}

/** `${SITE_URL}/confirm?token=…` */
export const confirmUrl = (siteUrl: string, token: string) => `${siteUrl.replace(/\/+$/, '')}/confirm?token=${encodeURIComponent(token)}`
