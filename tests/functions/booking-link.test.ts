import { describe, expect, it } from 'vitest'
import { provenBookingRef, signBookingRef } from '../../supabase/functions/_shared/bookings/booking-link.ts'

const SECRET = 'booking-link-secret'
const REF = '3f1c2b9e-7a4d-4e8b-9c1a-2d3e4f5a6b7c'

describe('the signed lead reference in the booking link', () => {
  it('verifies as issued, and only so', async () => {
    const { ref, sig } = await signBookingRef(SECRET, REF)
    expect(ref).toBe(REF)
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await provenBookingRef(SECRET, ref, sig)).toBe(REF)
    // The signed text is compared as text: the same id in upper case is another reference.
    expect(await provenBookingRef(SECRET, REF.toUpperCase(), sig)).toBeUndefined()
    expect(await provenBookingRef(SECRET, '3f1c2b9e-7a4d-4e8b-9c1a-2d3e4f5a6b7d', sig)).toBeUndefined()
    expect(await provenBookingRef('another-secret', ref, sig)).toBeUndefined()
    expect(await provenBookingRef(undefined, ref, sig)).toBeUndefined()
    expect(await provenBookingRef(SECRET, ref, undefined)).toBeUndefined()
    expect(await provenBookingRef(SECRET, ref, `${sig}=`)).toBeUndefined()
    expect(
      await provenBookingRef(
        SECRET,
        ref,
        sig.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
      ),
    ).toBeUndefined()
  })

  it('a signature for one lead does not name another', async () => {
    const { sig } = await signBookingRef(SECRET, REF)
    const other = await signBookingRef(SECRET, crypto.randomUUID())
    expect(await provenBookingRef(SECRET, other.ref, sig)).toBeUndefined()
    expect(await provenBookingRef(SECRET, REF, other.sig)).toBeUndefined()
  })
})
