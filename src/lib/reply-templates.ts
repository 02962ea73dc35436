// The reply a visitor gets whenever the model cannot give one (down, slow, capped, unsafe) and the
// whole offline mode: chosen by rating band, business kind and tone, with the reviewer's first name
// when given and the topics the review raises (./review-topics.ts), in our words. A review that
// raises none of them gets a reply that names none, rather than a filler ('your experience').
import type { AiReplyRequest, BusinessKind, Tone } from '../schemas/ai-reply.ts'
import { checkReply } from './reply-safety.ts'
import { aboutPhrase } from './review-topics.ts'

export type Band = 'low' | 'mid' | 'high'
export const bandOf = (rating: number): Band => (rating <= 2 ? 'low' : rating === 3 ? 'mid' : 'high')

/** What the review is about, as our own words; undefined when it raises no topic we know. */
export const detailOf = (review: string, kind: BusinessKind): string | undefined => aboutPhrase(review, kind)

/** The first word of the name given, letters only, capitalised; '' when there is none. */
export function cleanFirstName(raw: string): string {
  const first =
    raw
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[^\p{L}'’-]/gu, '') ?? ''
  return first.length < 2 || first.length > 30 ? '' : first[0]!.toUpperCase() + first.slice(1).toLowerCase()
}

type Parts = { name: string; about?: string; business: string }
type Write = (p: Parts) => string
const hi = (word: string, name: string) => (name ? `${word} ${name},` : `${word},`)
const comma = (name: string) => (name ? `, ${name}` : '')

const GENERAL: Record<Band, Record<Tone, Write>> = {
  high: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you so much for your kind words! ${p.about ? `We're delighted you mentioned ${p.about}, and everyone` : 'Everyone'} at ${p.business} will be thrilled to read this. We look forward to seeing you again soon.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'valued reviewer')} thank you for your review. ${p.about ? `We appreciate your comments about ${p.about} and have shared them` : 'We have shared it'} with the team at ${p.business}. We look forward to welcoming you again.`,
    brief: (p) =>
      `Thanks so much${comma(p.name)}! ${p.about ? `We're glad you mentioned ${p.about}.` : "We're so glad to read this."} See you again soon. – ${p.business}`,
  },
  mid: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you for your honest feedback. We're glad parts of your experience went well, and we've noted ${p.about ? `what you said about ${p.about}` : 'what could have been better'}. We'd love the chance to earn five stars next time, so please get in touch with the team at ${p.business} whenever suits you.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'valued reviewer')} thank you for your feedback. We take ${p.about ? `comments about ${p.about}` : 'every comment'} seriously and are looking at how we can do better. If you would like to discuss it, please contact the team at ${p.business} directly.`,
    brief: (p) =>
      `Thanks for the feedback${comma(p.name)}. We've noted ${p.about ? `your comments about ${p.about}` : 'your comments'} and will work on it. Please contact us directly if we can help. – ${p.business}`,
  },
  low: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you for telling us about this, and we're sorry to hear you were disappointed. ${p.about ? `What you said about ${p.about} matters` : 'It matters'} to us, and we'd like to understand more. Please call or message the team at ${p.business} so we can talk it through.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'valued reviewer')} thank you for your feedback. We are sorry to hear that we did not meet your expectations${p.about ? `, and we take your comments about ${p.about} seriously` : ''}. Please contact the team at ${p.business} directly so we can look into this with you.`,
    brief: (p) =>
      `${p.name ? `${p.name}, we're` : "We're"} sorry to hear this.${p.about ? ` We take your comments about ${p.about} seriously.` : ''} Please contact us directly so we can talk it through. – ${p.business}`,
  },
}

// Health practices never confirm in public that someone was a client or patient, and never discuss care.
const HEALTH: Record<Band, Record<Tone, Write>> = {
  high: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you for taking the time to share such kind words. Everyone at ${p.business} will be delighted to read this. If there is ever anything we can help with, please call us.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'reviewer')} thank you for your feedback. We have shared it with the team at ${p.business}. If you have any questions, please call us.`,
    brief: (p) => `Thank you${comma(p.name)}! We're glad to read this. Please call us any time. – ${p.business}`,
  },
  mid: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you for your feedback. We'd like to hear more${p.about ? ` about your comments on ${p.about}` : ''}. To protect everyone's privacy we don't discuss details here, so please call us at ${p.business} and ask for the practice manager.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'reviewer')} thank you for your feedback${p.about ? ` about ${p.about}` : ''}. To protect privacy we cannot discuss any details in a public reply. Please call ${p.business} and ask for the practice manager.`,
    brief: (p) =>
      `Thank you for the feedback${comma(p.name)}. For privacy we can't discuss details here; please call us and ask for the practice manager. – ${p.business}`,
  },
  low: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} we're sorry to read this, and we take ${p.about ? `your comments about ${p.about}` : 'it'} seriously. To protect everyone's privacy we can't discuss any details here, so please call us and ask for the practice manager, who will be glad to talk it through.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'reviewer')} thank you for your feedback. We take ${p.about ? `comments about ${p.about}` : 'every comment'} seriously. Privacy rules prevent us from discussing any details in a public reply, so please call ${p.business} and ask for the practice manager.`,
    brief: (p) =>
      `${p.name ? `${p.name}, we're` : "We're"} sorry to read this. For privacy we can't discuss details here; please call us and ask for the practice manager. – ${p.business}`,
  },
}

/** The template reply for a request. It passes every check; see `templateReply` for the guarantee. */
export function buildTemplateReply(request: AiReplyRequest, business = request.business.trim()): string {
  const write = (request.kind === 'health' ? HEALTH : GENERAL)[bandOf(request.rating)][request.tone]
  return write({ name: cleanFirstName(request.firstName), about: detailOf(request.review, request.kind), business: business || 'the team' })
}

/**
 * Always a safe reply: the template, or, when the visitor's own business name or first name trips
 * a check (a name that reads like a link or a discount), the same template without them.
 */
export function templateReply(request: AiReplyRequest): string {
  const context = { review: request.review, firstName: request.firstName, business: request.business, kind: request.kind }
  const reply = buildTemplateReply(request)
  if (checkReply(reply, context).length === 0) return reply
  return buildTemplateReply({ ...request, firstName: '' }, 'the team')
}
