import { describe, expect, it } from 'vitest'
import { checkReply } from '@/lib/reply-safety'
import { bandOf, buildTemplateReply, cleanFirstName, detailOf, templateReply } from '@/lib/reply-templates'
import { BUSINESS_KINDS, RATINGS, TONES, type AiReplyRequest } from '@/schemas/ai-reply'

const request = (overrides: Partial<AiReplyRequest> = {}): AiReplyRequest => ({
  review: 'We waited 40 minutes past our booking time and nobody told us why.',
  rating: 2,
  firstName: 'priya',
  business: 'Harbour Cafe',
  kind: 'general',
  tone: 'warm',
  ...overrides,
})

describe('template replies', () => {
  it('bands ratings: 1-2 low, 3 mid, 4-5 high', () => {
    expect(RATINGS.map(bandOf)).toEqual(['low', 'low', 'mid', 'high', 'high'])
  })

  it('fills in the first name and one detail of the review, in our words', () => {
    const reply = buildTemplateReply(request())
    expect(reply).toMatch(/^Hi Priya, /)
    expect(reply).toContain('waiting times')
    expect(reply).toContain('Harbour Cafe')
    expect(reply).not.toContain('40 minutes')
  })

  it('cleans the first name: one word of letters, capitalised, nothing when unusable', () => {
    expect(cleanFirstName('  mARIA jose ')).toBe('Maria')
    expect(cleanFirstName('Lucía')).toBe('Lucía')
    expect(cleanFirstName('<script>')).toBe('Script')
    expect(cleanFirstName('1234')).toBe('')
    expect(cleanFirstName('')).toBe('')
  })

  it('takes only non-clinical details for health practices', () => {
    expect(detailOf('The food was cold', 'general')).toBe('the food')
    expect(detailOf('The food was cold', 'health')).toBeUndefined()
    expect(detailOf('Reception never called back', 'health')).toBe('communication')
  })

  it('differs by band, kind and tone', () => {
    const all = new Set(
      RATINGS.flatMap((rating) =>
        BUSINESS_KINDS.flatMap((kind) => TONES.map((tone) => buildTemplateReply(request({ rating, kind, tone })))),
      ),
    )
    expect(all.size).toBe(3 * 2 * 3)
  })

  it('passes every check in every combination, with and without a first name or a detail', () => {
    for (const rating of RATINGS)
      for (const kind of BUSINESS_KINDS)
        for (const tone of TONES)
          for (const firstName of ['Priya', ''])
            for (const review of [request().review, 'Meh.']) {
              const r = request({ rating, kind, tone, firstName, review })
              expect(checkReply(buildTemplateReply(r), r), `${rating} ${kind} ${tone} ${firstName} ${review}`).toEqual([])
            }
  })

  it('keeps the first name and the business for a review full of names, numbers and sentence-start verbs', () => {
    const r = request({
      review: 'Dr Patel misdiagnosed my dog Bella. Call me on 0412 345 678. Dan Whitfield',
      firstName: 'Dan',
      business: 'Harbourside Vets',
      kind: 'health',
      rating: 1,
      tone: 'professional',
    })
    expect(templateReply(r)).toMatch(/^Dear Dan, .*please call Harbourside Vets/)
  })

  it('drops a business or first name that would break a check', () => {
    const r = request({ business: 'Cheap Fix 0412 345 678 discount', firstName: 'Www.spam.example' })
    const reply = templateReply(r)
    expect(reply).not.toContain('discount')
    expect(reply).toContain('the team')
    expect(checkReply(reply, r)).toEqual([])
  })
})
