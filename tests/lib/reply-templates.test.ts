import { describe, expect, it } from 'vitest'
import { checkReply } from '@/lib/reply-safety'
import { bandOf, buildTemplateReply, cleanFirstName, detailOf, templateReply } from '@/lib/reply-templates'
import { topicsOf } from '@/lib/review-topics'
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

type Row = {
  review: string
  rating: AiReplyRequest['rating']
  firstName?: string
  kind?: AiReplyRequest['kind']
  tone?: AiReplyRequest['tone']
  /** The reply starts this way: the reviewer thanked by name when one is given. */
  opens: string
  says: string[]
  never: string[]
}

const FILLER = ['your experience', 'what you shared', 'mentioned your']

// Reviews as people write them, and what the offline reply must (and must never) say about them.
const REVIEWS: Row[] = [
  {
    review: 'Absolutely wonderful from start to finish, will definitely be back!',
    rating: 5,
    firstName: 'Bella',
    opens: 'Hi Bella, thank you so much for your kind words!',
    says: ['Harbour Cafe'],
    never: [...FILLER, 'waiting', 'pricing'],
  },
  {
    review: 'The woman at the counter was incredibly rude and rolled her eyes when I asked a question. Never again.',
    rating: 1,
    firstName: 'mark',
    tone: 'professional',
    opens: 'Dear Mark,',
    says: ["our team's attitude"],
    never: ['waiting', ...FILLER],
  },
  {
    review: 'Our waitress was rude and the manager did not seem to care at all.',
    rating: 1,
    opens: 'Hi there,',
    says: ["our team's attitude"],
    never: ['waiting'],
  },
  {
    review: "Can't wait to come back for more of that coffee!",
    rating: 5,
    tone: 'brief',
    opens: 'Thanks so much!',
    says: ["We're glad you mentioned the coffee."],
    never: ['waiting'],
  },
  {
    review: 'Way overpriced for what you get. $40 for a basic haircut.',
    rating: 2,
    firstName: 'Tom',
    opens: 'Hi Tom,',
    says: ['pricing'],
    never: ['$40', 'haircut', 'our team', ...FILLER],
  },
  {
    review: 'Nice enough, but the bathrooms were filthy.',
    rating: 3,
    opens: 'Hi there,',
    says: ['cleanliness'],
    never: ['waiting', 'pricing', 'bathrooms'],
  },
  {
    review: 'Really happy with how my car turned out after the respray.',
    rating: 4,
    firstName: 'Lena',
    tone: 'professional',
    opens: 'Dear Lena,',
    says: ['the results'],
    never: ['respray', ...FILLER],
  },
  {
    review: 'We waited over an hour past our appointment time and nobody told us anything.',
    rating: 2,
    opens: 'Hi there,',
    says: ['waiting times'],
    never: ['an hour', 'pricing'],
  },
  {
    review: 'I feel so welcome every time I come in. Five stars.',
    rating: 5,
    firstName: 'Ana',
    opens: 'Hi Ana,',
    says: [],
    never: ['pricing', ...FILLER],
  },
  {
    review: 'Bill at the front desk sorted everything out for us, great service.',
    rating: 5,
    opens: 'Hi there,',
    says: [],
    never: ['pricing', 'Bill'],
  },
  {
    review: 'The receptionist was rude and dismissive on the phone.',
    rating: 1,
    kind: 'health',
    tone: 'professional',
    opens: 'Dear reviewer,',
    says: ["our team's attitude", 'practice manager'],
    never: ['waiting', 'communication', ...FILLER],
  },
  {
    review: 'Results came back quickly and the vet explained everything to us.',
    rating: 3,
    kind: 'health',
    opens: 'Hi there,',
    says: ['practice manager'],
    never: ['results', 'the vet', ...FILLER],
  },
]

describe('template replies use what the review says', () => {
  it.each(REVIEWS)(
    '$rating stars: "$review"',
    ({ review, rating, firstName = '', kind = 'general', tone = 'warm', opens, says, never }) => {
      const r = request({ review, rating, firstName, kind, tone })
      const reply = templateReply(r)
      expect(reply.startsWith(opens), reply).toBe(true)
      for (const phrase of says) expect(reply).toContain(phrase)
      for (const phrase of never) expect(reply).not.toContain(phrase)
      expect(checkReply(reply, r)).toEqual([])
    },
  )

  it.each([
    ['The staff were rude and we waited 40 minutes.', ['attitude', 'wait']],
    ['Friendly staff, spotless rooms, fair prices.', ['staff', 'cleanliness']],
    ["Can't wait to see the results!", ['results']],
    ['I feel the fees are fair.', ['price']],
    ['Great coffee.', ['food']],
    ['Lovely.', []],
  ])('finds the topics of "%s" in the order the review raises them, at most two', (review, ids) => {
    expect(topicsOf(review, 'general').map((topic) => topic.id)).toEqual(ids)
  })
})
