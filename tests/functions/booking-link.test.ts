import { describe, expect, it } from 'vitest'
import { provenBookingRef, signBookingRef } from '../../supabase/functions/_shared/bookings/booking-link.ts'
import { fakeBoard, leadsHandler, ORIGIN, postLead, submission } from './support'

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

  it('the leads function answers a scripted lead with its signed reference, and a native post carries it to /thanks in the fragment', async () => {
    fakeBoard()
    const { handler } = leadsHandler({ bookingLinkSecret: SECRET })
    const sent = submission({ submissionId: crypto.randomUUID() })
    const answer = (await (await postLead(handler, sent)).json()) as { booking: { ref: string; sig: string } }
    expect(answer.booking.ref).toBe(sent.submissionId)
    expect(await provenBookingRef(SECRET, answer.booking.ref, answer.booking.sig)).toBe(sent.submissionId)

    const form = new URLSearchParams({
      locations: '2-10',
      name: 'Jane Citizen',
      phone: '0422470721',
      email: 'jane@example.com',
      business: '1 Analytical St, London',
      note: '',
      website: '',
      source_path: '/',
      source_label: 'Homepage',
    })
    const res = await handler(
      new Request('https://project.test/functions/v1/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: form.toString(),
      }),
    )
    expect(res.status).toBe(303)
    const [, ref, sig] =
      /^http:\/\/localhost:5173\/thanks#booking=([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(res.headers.get('location')!) ?? []
    expect(await provenBookingRef(SECRET, ref, sig)).toBe(ref)
  })

  it('without BOOKING_LINK_SECRET the answers carry no reference', async () => {
    fakeBoard()
    const { handler } = leadsHandler()
    expect(await (await postLead(handler, submission({ submissionId: crypto.randomUUID() }))).json()).not.toHaveProperty('booking')
  })
})
