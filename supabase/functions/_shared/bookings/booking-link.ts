import { hmacSign, hmacVerify } from '../runtime/hmac.ts'

/**
 * The lead's reference in the booking link (issue 42 point 2): the `leads` function answers with the
 * lead's submission id and its HMAC-SHA256 under BOOKING_LINK_SECRET; the calendar's prefill carries
 * both in the booking's metadata, and `cal-webhook` ties a booking to a lead only when they verify.
 * Anyone can add `?metadata[...]` to the public booking link, so an unsigned reference proves nothing.
 */

/** The booking metadata keys the calendar's prefill sets (`metadata[submissionId]`, `metadata[submissionSig]`). */
export const BOOKING_REF_KEY = 'submissionId'
export const BOOKING_SIG_KEY = 'submissionSig'

/** What the `leads` function answers beside the lead's id, for the calendar's prefill. */
export type BookingRef = { ref: string; sig: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The text signed: the reference exactly as issued, so another spelling of the same id does not verify. */
const signed = (ref: string) => `booking-link:${ref}`

export async function signBookingRef(secret: string, ref: string): Promise<BookingRef> {
  return { ref, sig: await hmacSign(secret, signed(ref)) }
}

/**
 * The reference when its signature verifies (WebCrypto's constant-time check over the text as
 * given), else undefined: no secret, no reference, a malformed one or a wrong signature.
 */
export async function provenBookingRef(secret: string | undefined, ref: unknown, sig: unknown): Promise<string | undefined> {
  if (!secret || typeof ref !== 'string' || typeof sig !== 'string' || !UUID.test(ref)) return undefined
  return (await hmacVerify(secret, signed(ref), sig)) ? ref : undefined
}
