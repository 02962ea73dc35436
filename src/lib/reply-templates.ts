// The reply a visitor gets whenever the model cannot give one (down, slow, capped, unsafe) and the
// whole offline mode: chosen by rating band, business kind and tone, with the first name and one
// detail of the review. The detail is a topic from a fixed list, never the review's own words.
import type { AiReplyRequest, BusinessKind, Tone } from '../schemas/ai-reply.ts'
import { checkReply } from './reply-safety.ts'

export type Band = 'low' | 'mid' | 'high'
export const bandOf = (rating: number): Band => (rating <= 2 ? 'low' : rating === 3 ? 'mid' : 'high')

type Topic = { pattern: RegExp; phrase: string; clinicalSafe: boolean }
const TOPICS: readonly Topic[] = [
  { pattern: /\b(wait\w*|queue\w*|late|delay\w*|on time|took (so|too) long)\b/i, phrase: 'waiting times', clinicalSafe: true },
  { pattern: /\b(book\w*|appointment\w*|schedul\w*|reschedul\w*)\b/i, phrase: 'booking', clinicalSafe: true },
  {
    pattern: /\b(reception\w*|front desk|phone\w*|call\w*|communicat\w*|email\w*|repl(y|ied)|respon\w*)\b/i,
    phrase: 'communication',
    clinicalSafe: true,
  },
  { pattern: /\b(pric\w*|cost\w*|bill\w*|expensive|cheap|fee\w*|charg\w*|invoice\w*|quote\w*)\b/i, phrase: 'pricing', clinicalSafe: true },
  { pattern: /\b(clean\w*|dirty|tidy|hygien\w*|smell\w*)\b/i, phrase: 'cleanliness', clinicalSafe: true },
  { pattern: /\b(park\w*)\b/i, phrase: 'parking', clinicalSafe: true },
  { pattern: /\b(food|meal\w*|dish\w*|menu|coffee|taste\w*|delicious)\b/i, phrase: 'the food', clinicalSafe: false },
  { pattern: /\b(staff|team|people|crew|employee\w*|rude|friendly|kind|helpful|polite)\b/i, phrase: 'our team', clinicalSafe: true },
  { pattern: /\b(quality|work|job|finish\w*|result\w*|repair\w*|install\w*)\b/i, phrase: 'the quality of our work', clinicalSafe: false },
]

/** One topic the review is about, as our own words; undefined when none is recognised. */
export function detailOf(review: string, kind: BusinessKind): string | undefined {
  return TOPICS.find((topic) => (kind === 'general' || topic.clinicalSafe) && topic.pattern.test(review))?.phrase
}

/** The first word of the name given, letters only, capitalised; '' when there is none. */
export function cleanFirstName(raw: string): string {
  const first =
    raw
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[^\p{L}'’-]/gu, '') ?? ''
  return first.length < 2 || first.length > 30 ? '' : first[0]!.toUpperCase() + first.slice(1).toLowerCase()
}

type Parts = { name: string; about: string; business: string }
type Write = (p: Parts) => string
const hi = (word: string, name: string) => (name ? `${word} ${name},` : `${word},`)

const GENERAL: Record<Band, Record<Tone, Write>> = {
  high: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you so much for your kind words! We're delighted you mentioned ${p.about}, and everyone at ${p.business} will be thrilled to read this. We look forward to seeing you again soon.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'valued reviewer')} thank you for your review. We appreciate your comments about ${p.about} and have shared them with the team at ${p.business}. We look forward to welcoming you again.`,
    brief: (p) => `Thanks so much${p.name ? `, ${p.name}` : ''}! We're glad you mentioned ${p.about}. See you again soon. – ${p.business}`,
  },
  mid: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you for your honest feedback. We're glad parts of your experience went well, and we've noted what you said about ${p.about}. We'd love the chance to earn five stars next time, so please get in touch with the team at ${p.business} whenever suits you.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'valued reviewer')} thank you for your feedback. We take comments about ${p.about} seriously and are looking at how we can do better. If you would like to discuss your experience, please contact the team at ${p.business} directly.`,
    brief: (p) =>
      `Thanks for the feedback${p.name ? `, ${p.name}` : ''}. We've noted your comments about ${p.about} and will work on it. Please contact us directly if we can help. – ${p.business}`,
  },
  low: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you for telling us about this, and we're sorry to hear you were disappointed. What you said about ${p.about} matters to us, and we'd like to understand more. Please call or message the team at ${p.business} so we can talk it through.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'valued reviewer')} thank you for your feedback. We are sorry to hear that your experience did not meet your expectations, and we take your comments about ${p.about} seriously. Please contact the team at ${p.business} directly so we can look into this with you.`,
    brief: (p) =>
      `${p.name ? `${p.name}, we're` : "We're"} sorry to hear this. We take your comments about ${p.about} seriously. Please contact us directly so we can talk it through. – ${p.business}`,
  },
}

// Health practices never confirm in public that someone was a client or patient, and never discuss care.
const HEALTH: Record<Band, Record<Tone, Write>> = {
  high: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you for taking the time to share such kind words. Everyone at ${p.business} will be delighted to read this. If there is ever anything we can help with, please call us.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'reviewer')} thank you for your feedback. We have shared it with the team at ${p.business}. If you have any questions, please call us.`,
    brief: (p) => `Thank you${p.name ? `, ${p.name}` : ''}! We're glad to read this. Please call us any time. – ${p.business}`,
  },
  mid: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} thank you for your feedback. We'd like to hear more about your comments on ${p.about}. To protect everyone's privacy we don't discuss details here, so please call us at ${p.business} and ask for the practice manager.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'reviewer')} thank you for your feedback about ${p.about}. To protect privacy we cannot discuss any details in a public reply. Please call ${p.business} and ask for the practice manager.`,
    brief: (p) =>
      `Thank you for the feedback${p.name ? `, ${p.name}` : ''}. For privacy we can't discuss details here; please call us and ask for the practice manager. – ${p.business}`,
  },
  low: {
    warm: (p) =>
      `${hi('Hi', p.name || 'there')} we're sorry to read this, and we take your comments about ${p.about} seriously. To protect everyone's privacy we can't discuss any details here, so please call us and ask for the practice manager, who will be glad to talk it through.`,
    professional: (p) =>
      `${hi('Dear', p.name || 'reviewer')} thank you for your feedback. We take comments about ${p.about} seriously. Privacy rules prevent us from discussing any details in a public reply, so please call ${p.business} and ask for the practice manager.`,
    brief: (p) =>
      `${p.name ? `${p.name}, we're` : "We're"} sorry to read this. For privacy we can't discuss details here; please call us and ask for the practice manager. – ${p.business}`,
  },
}

/** The template reply for a request. It passes every check; see `templateReply` for the guarantee. */
export function buildTemplateReply(request: AiReplyRequest, business = request.business.trim()): string {
  const detail = detailOf(request.review, request.kind)
  const about = detail ?? (request.kind === 'health' ? 'what you shared' : 'your experience')
  const write = (request.kind === 'health' ? HEALTH : GENERAL)[bandOf(request.rating)][request.tone]
  return write({ name: cleanFirstName(request.firstName), about, business: business || 'the team' })
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
