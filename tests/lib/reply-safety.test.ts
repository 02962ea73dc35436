import { describe, expect, it } from 'vitest'
import { checkReply, MAX_REPLY_WORDS, namesIn } from '@/lib/reply-safety'

const general = { review: 'Great coffee, friendly staff.', firstName: 'Sam', business: 'Harbour Cafe', kind: 'general' as const }
const health = { review: 'Long wait at reception.', firstName: '', business: 'Harbourside Vets', kind: 'health' as const }
const safe = 'Hi Sam, thank you so much for your kind words! We are glad you enjoyed your visit and hope to see you again soon.'

describe('checkReply', () => {
  it('passes a plain, polite reply', () => {
    expect(checkReply(safe, general)).toEqual([])
  })

  it.each([
    ['As an AI language model, I am happy to help. Thank you for the review.', 'meta-language'],
    ['Here is a reply you could post: Thank you so much for the review!', 'meta-language'],
    ['Reply: Thank you so much for your review, we hope to see you soon.', 'meta-language'],
    ['Thank you! Please visit www.harbourcafe.example/menu for more.', 'contact-details'],
    ['Thank you! Read more at https://example.org and see you soon.', 'contact-details'],
    ['Thank you! Call us on 0412 345 678 any time you like.', 'contact-details'],
    ['Thank you! Email owner@harbour.example so we can talk.', 'contact-details'],
    ['We are sorry, this was our fault and we take full responsibility.', 'liability'],
    ['We are sorry. We would love to offer you a 20% discount on your next visit.', 'incentive'],
    ['We are sorry. If you update your review we will send you a voucher.', 'incentive'],
    ['We are sorry. Here is $50 for your trouble, we hope you come back.', 'incentive'],
    ['Muchas gracias por su reseña, nos alegra mucho que haya disfrutado del café con nosotros.', 'not-english'],
    ['', 'empty'],
  ])('refuses %j (%s)', (reply, violation) => {
    expect(checkReply(reply, general)).toContain(violation)
  })

  it(`refuses more than ${MAX_REPLY_WORDS} words`, () => {
    const long = Array.from({ length: MAX_REPLY_WORDS + 1 }, () => 'thanks').join(' ')
    expect(checkReply(long, general)).toEqual(['too-long'])
    expect(checkReply(long.split(' ').slice(1).join(' '), general)).toEqual([])
  })

  it('refuses names from the review other than the first name given', () => {
    const context = { ...general, review: 'The barista Jenny was rude to me. — Sam Whitfield' }
    expect(namesIn(context.review, ['Sam', 'Harbour Cafe'])).toEqual(new Set(['jenny', 'whitfield']))
    expect(checkReply('Hi Sam Whitfield, we are sorry to hear this.', context)).toContain('personal-detail')
    expect(checkReply('Hi Sam, we will talk to Jenny about this.', context)).toContain('personal-detail')
    expect(checkReply('Hi Sam, we are sorry to hear this and would like to talk.', context)).toEqual([])
  })

  it("allows the business's own name even when it reads like a domain", () => {
    expect(checkReply('Thank you from all of us at Reviews.com, see you soon.', { ...general, business: 'Reviews.com' })).toEqual([])
  })

  it('for a health practice: no confirmation of a visit or care, and always an invitation to call', () => {
    expect(checkReply('We are sorry your dog had to wait. Please call us.', health)).toContain('health-confirmation')
    expect(checkReply('We are sorry the surgery took long. Please call us.', health)).toContain('health-confirmation')
    expect(checkReply('During your visit we were busy. Please call us.', health)).toContain('health-confirmation')
    expect(checkReply('Thank you for the feedback, we take it seriously.', health)).toEqual(['health-no-call'])
    expect(checkReply('Thank you for the feedback. Please call us and ask for the practice manager.', health)).toEqual([])
  })

  it('checks a prefix without the rules that only a whole reply can meet', () => {
    expect(checkReply('Thank you for the feedback.', health, { final: false })).toEqual([])
    expect(checkReply('', general, { final: false })).toEqual([])
  })
})
