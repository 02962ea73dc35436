import { describe, expect, it } from 'vitest'
import { adoptBookingFragment, rememberSchedulePrefill, schedulePrefill, SCHEDULE_PREFILL_KEY } from '@/lib/schedule-prefill'
import { calConfig } from '@/services/calendar'

const memory = () => {
  const values = new Map<string, string>()
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values }
}
const submission = {
  submissionId: '0b7f3c1e-8a51-4a43-9a0e-3f0c7a1f2b9d',
  lead: { locations: '1', name: 'Ada Lovelace', phone: '+61422470721', email: 'ada@example.com', business: '1 Main St, Sydney', note: '' },
} as const

describe('the schedule prefill', () => {
  it('keeps the details of the accepted lead for the tab, and reads them back', () => {
    const storage = memory()
    rememberSchedulePrefill(submission, storage)
    expect(schedulePrefill(storage)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+61422470721',
      business: '1 Main St, Sydney',
      submissionId: submission.submissionId,
    })
  })

  it("carries /reply's business name before the address the visitor gave, as /check's lead carries its business", () => {
    const storage = memory()
    const reply = { rating: 1, tone: 'warm', kind: 'general', source: 'ai' } as const
    rememberSchedulePrefill({ ...submission, reply: { ...reply, businessName: 'Harbour Cafe' } }, storage)
    expect(schedulePrefill(storage)?.business).toBe('Harbour Cafe, 1 Main St, Sydney')
    rememberSchedulePrefill({ ...submission, reply: { ...reply, businessName: '1 main st' } }, storage)
    expect(schedulePrefill(storage)?.business).toBe('1 Main St, Sydney')
    rememberSchedulePrefill({ ...submission, reply }, storage)
    expect(schedulePrefill(storage)?.business).toBe('1 Main St, Sydney')
  })

  it('is none without storage, without a lead, or with something else under its key', () => {
    expect(schedulePrefill(undefined)).toBeNull()
    expect(schedulePrefill(memory())).toBeNull()
    const storage = memory()
    storage.setItem(SCHEDULE_PREFILL_KEY, '{"name":1}')
    expect(schedulePrefill(storage)).toBeNull()
    storage.setItem(SCHEDULE_PREFILL_KEY, 'not json')
    expect(schedulePrefill(storage)).toBeNull()
  })

  it('a storage that refuses writes is not an error', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(() => rememberSchedulePrefill(submission, refusing)).not.toThrow()
  })

  it("goes into the embed's config beside the week view: name, email, notes and metadata[submissionId]", () => {
    const storage = memory()
    rememberSchedulePrefill(submission, storage)
    expect(JSON.parse(calConfig(schedulePrefill(storage)))).toEqual({
      layout: 'week_view',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      notes: 'Phone: +61422470721\nBusiness: 1 Main St, Sydney',
      'metadata[submissionId]': submission.submissionId,
    })
    expect(calConfig(null)).toBe('{"layout":"week_view"}')
  })

  it("carries the reference the leads function signed and its signature, the booking's only proof of its lead", () => {
    const storage = memory()
    const booking = { ref: submission.submissionId, sig: 'c2lnbmF0dXJlLW9mLXRoZS1yZWZlcmVuY2UtYXMtaXNzdWVk' }
    rememberSchedulePrefill(submission, storage, booking)
    expect(schedulePrefill(storage)).toMatchObject({ submissionId: booking.ref, submissionSig: booking.sig })
    expect(JSON.parse(calConfig(schedulePrefill(storage)))).toMatchObject({
      'metadata[submissionId]': booking.ref,
      'metadata[submissionSig]': booking.sig,
    })
  })

  it("after a native post, /thanks keeps the fragment's signed reference for the calendar, with no details it never held", () => {
    const storage = memory()
    const sig = 'c2lnbmF0dXJlLW9mLXRoZS1yZWZlcmVuY2UtYXMtaXM'
    expect(adoptBookingFragment(`#booking=${submission.submissionId}.${sig}`, storage)).toBe(true)
    expect(JSON.parse(calConfig(schedulePrefill(storage)))).toEqual({
      layout: 'week_view',
      'metadata[submissionId]': submission.submissionId,
      'metadata[submissionSig]': sig,
    })
    for (const hash of ['', '#lead-form', `#booking=${submission.submissionId}`, `#booking=not-a-uuid.${sig}`]) {
      expect(adoptBookingFragment(hash, memory())).toBe(false)
    }
  })
})
