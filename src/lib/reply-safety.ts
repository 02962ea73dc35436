// The checks every reply passes before it is final, model-written or template. Shared by the
// `ai-reply` function (Deno loads it as it is: relative imports only) and the tests.
import type { BusinessKind } from '../schemas/ai-reply.ts'

export const MAX_REPLY_WORDS = 120

export type SafetyContext = { review: string; firstName: string; business: string; kind: BusinessKind }

export type Violation =
  | 'empty'
  | 'meta-language'
  | 'too-long'
  | 'contact-details'
  | 'personal-detail'
  | 'liability'
  | 'incentive'
  | 'not-english'
  | 'health-confirmation'
  | 'health-no-call'

const META = [
  /\bas an ai\b/i,
  /\b(ai|language) model\b/i,
  /\bai assistant\b/i,
  /\b(here is|here's|below is)\b[^.!?\n]{0,40}\b(reply|response|draft|answer)\b/i,
  /\b(draft|suggested|sample|possible) (reply|response)\s*:/i,
  /^\s*(reply|response|subject)\s*:/im,
  /\bi (cannot|can't|am unable to|won't) (help|assist|write|comply|do that)\b/i,
  /\b(my|the) (instructions|system prompt|guidelines)\b/i,
  /\[(business|name|your name|reviewer)[^\]]*\]/i,
]

const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(com|net|org|io|co|au|uk|nz|biz|info|app|dev|me|ly|xyz|shop)\b/i
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i
/** Seven or more digits, in any grouping, is a phone number (or an account number: neither belongs). */
const PHONE = /(?:\+?\d[\s().-]*){7,}/

const LIABILITY = [
  /\b(our|my) (fault|mistake|error|negligence)\b/i,
  /\bwe (are|were|'re) (fully |entirely |completely )?(responsible|to blame|at fault|liable|negligent)\b/i,
  /\bwe (take|accept) (full |complete )?(responsibility|liability|the blame)\b/i,
  /\b(negligen\w*|liab(le|ility)|malpractice)\b/i,
  /\bwe (admit|acknowledge) (that )?(we|our)\b/i,
  /\bwe (made|caused) (a |the )?(mistake|error|harm|injury|damage)\b/i,
]

const INCENTIVE = [
  /\b(refund\w*|reimburs\w*|compensat\w*|discount\w*|voucher\w*|coupon\w*|gift ?cards?|rebate\w*|cash|money back|store credit|account credit)\b/i,
  /\d+\s?%\s?off\b|[$€£]\s?\d/i,
  /\bfree (of charge|service|visit|session|meal|treatment|consult\w*|month|gift|upgrade)\b/i,
  /\b(change|update|edit|revise|remove|delete|amend|take down|reconsider) (your|the|this) (review|rating|feedback|comment)\b/i,
]

/** Words about care or a visit that would confirm, in public, that the reviewer was a patient or client. */
const HEALTH = [
  /\byour (pet|dog|cat|puppy|kitten|animal|visit|appointment|treatment|surgery|procedure|diagnosis|prescription|medication|results?|records?|consultation|stay|care|condition|operation)\b/i,
  /\b(when|after|before) you (came|visited|brought|were (here|seen|treated|admitted))\b/i,
  /\b(during|at) your (visit|stay|appointment|consultation)\b/i,
  /\b(as|being) (our|a) (valued )?(client|patient|customer)\b/i,
  /\bour (records|notes|files|system) (show|indicate|say)\b/i,
  /\b(we|our (vet|vets|doctor|doctors|team|staff|nurse|nurses)) (treated|examined|diagnosed|operated|prescribed|saw|admitted)\b/i,
  /\b(diagnos\w*|surger(y|ies)|surgical|medication\w*|prescri\w*|vaccin\w*|anaesthe\w*|anesthe\w*|euthan\w*|x-rays?|blood tests?|dental|biops\w*|treatment\w*|procedure\w*|symptom\w*|injur\w*|illness\w*)\b/i,
]
const CALL_INVITE = /\b(call|phone|ring|contact|get in touch|reach out|speak with|talk with|talk to)\b/i

/** Common English words; a reply with too few of them is in another language and cannot be checked. */
const ENGLISH = new Set(
  'a about again all an and are as at be but by for from glad happy have hear hope i if in is it know let look more much not of on our please so sorry thank thanks that the this to us very was we welcome were what will with would you your'.split(
    ' ',
  ),
)

export const words = (text: string): string[] => text.match(/[\p{L}\p{N}'’-]+/gu) ?? []

const NOT_NAMES = new Set(
  [
    'hi hello dear great good bad terrible awful worst best amazing lovely friendly excellent fantastic horrible rude',
    "staff service team food place everyone nobody never always really highly just avoid do don’t don't had went came",
    'called booked waited booking front reception owner manager doctor vet nurse they he she them his her their its',
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august',
    'september october november december google yelp facebook mr mrs ms dr ok okay one two five stars star update edit',
  ]
    .join(' ')
    .split(' '),
)

/**
 * Names in the review: capitalised words inside a sentence that are not common words and never
 * appear in lower case there (people, pets, staff, streets). A word that starts a sentence is
 * capitalised anyway, so it counts only when it is capitalised inside one too. A reply may use
 * none of them but the first name given.
 */
export function namesIn(review: string, allowed: readonly string[]): Set<string> {
  const allow = new Set(allowed.flatMap(words).map((w) => w.toLowerCase()))
  const lower = new Set(words(review).filter((w) => w === w.toLowerCase()))
  const names = new Set<string>()
  for (const match of review.matchAll(/[\p{L}\p{N}'’-]+/gu)) {
    const word = match[0]
    const key = word.toLowerCase()
    const before = review.slice(0, match.index).trimEnd()
    const startsSentence = before === '' || /[.!?:;"“(\n]$/.test(before)
    if (startsSentence || !/^\p{Lu}/u.test(word) || key.length < 2 || lower.has(key)) continue
    if (!NOT_NAMES.has(key) && !ENGLISH.has(key) && !allow.has(key)) names.add(key)
  }
  return names
}

/** Every rule a reply breaks, in a fixed order; none means the reply is safe to show as final. */
export function checkReply(reply: string, context: SafetyContext, { final = true }: { final?: boolean } = {}): Violation[] {
  const found: Violation[] = []
  const all = words(reply)
  if (final && all.length === 0) found.push('empty')
  if (META.some((re) => re.test(reply))) found.push('meta-language')
  if (all.length > MAX_REPLY_WORDS) found.push('too-long')
  // The business's own name may look like a domain ('Reviews.com'); nothing else may.
  const unbranded = context.business ? reply.split(context.business).join(' ') : reply
  if (LINK.test(unbranded) || EMAIL.test(unbranded) || PHONE.test(unbranded)) found.push('contact-details')
  const names = namesIn(context.review, [context.firstName, context.business])
  if (all.some((w) => names.has(w.toLowerCase()))) found.push('personal-detail')
  if (LIABILITY.some((re) => re.test(reply))) found.push('liability')
  if (INCENTIVE.some((re) => re.test(reply))) found.push('incentive')
  const english = all.filter((w) => ENGLISH.has(w.toLowerCase())).length
  if (all.length >= 8 && english / all.length < 0.15) found.push('not-english')
  if (context.kind === 'health') {
    if (HEALTH.some((re) => re.test(reply))) found.push('health-confirmation')
    if (final && !CALL_INVITE.test(reply)) found.push('health-no-call')
  }
  return found
}
