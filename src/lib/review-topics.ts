// What a review is about, for the template replies: the common topics a reply can name without
// repeating the review (staff, waiting, price, cleanliness, results, and a few more). Each phrase is
// ours or a word from the topic's own fixed list, never the review's wording. Patterns are narrow on
// purpose: naming a topic the review does not raise reads worse than naming none ('waitress' is
// not a wait, 'can't wait to come back' is not one either, 'feel' is not a fee).
import type { BusinessKind } from '../schemas/ai-reply.ts'

export type TopicId = 'attitude' | 'staff' | 'wait' | 'booking' | 'communication' | 'price' | 'cleanliness' | 'parking' | 'food' | 'results'

type Topic = {
  id: TopicId
  /** Topics of one group are one subject: a reply names the first of them only. */
  group?: 'staff'
  pattern: RegExp
  /** Our words for it; from the matched word for the food and drink a review names. */
  phrase: (matched: string) => string
  /** May be named by a health practice: nothing about care, so a reply never confirms a visit. */
  clinicalSafe: boolean
}

const fixed = (phrase: string) => () => phrase

const TOPICS: readonly Topic[] = [
  {
    id: 'attitude',
    group: 'staff',
    pattern:
      /\b(rude\w*|attitude|unfriendly|unhelpful|impolite|disrespect\w*|dismissive|condescending|arrogant|unprofessional|ignored (me|us)|yelled|snapped)\b/i,
    phrase: fixed("our team's attitude"),
    clinicalSafe: true,
  },
  {
    id: 'staff',
    group: 'staff',
    pattern:
      /\b(staff|team|employees?|receptionists?|waiters?|waitress(es)?|servers?|baristas?|technicians?|friendly|helpful|polite|courteous|welcoming|professional)\b/i,
    phrase: fixed('our team'),
    clinicalSafe: true,
  },
  {
    id: 'wait',
    pattern:
      /(?<!\b(can't|can’t|cannot|couldn't|couldn’t) )\b(wait(ed|ing|s)?|queu(e|ed|es|ing)|delay(s|ed)?|running late|took (ages|forever|so long|too long)|on time)\b/i,
    phrase: fixed('waiting times'),
    clinicalSafe: true,
  },
  {
    id: 'booking',
    pattern: /\b(booking|booked|appointments?|schedul\w*|reschedul\w*)\b/i,
    phrase: fixed('booking'),
    clinicalSafe: true,
  },
  {
    id: 'communication',
    pattern:
      /\b(communicat\w*|(called|rang|got) (me |us )?back|calls? back|no (reply|response)|never (replied|responded|answered)|unanswered)\b/i,
    phrase: fixed('communication'),
    clinicalSafe: true,
  },
  {
    id: 'price',
    pattern:
      /\b(pric(e|es|ed|ing|ey)|overpriced|costs?|costly|expensive|cheap(er)?|affordable|value for money|fees?|overcharg\w*|charged|(the|our|my) bill|billed|invoice\w*|quotes?|quoted)\b/i,
    phrase: fixed('pricing'),
    clinicalSafe: true,
  },
  {
    id: 'cleanliness',
    pattern: /\b(clean(ed|er|est|liness)?|unclean|dirty|filthy|grubby|tidy|untidy|messy|spotless|hygien\w*|unhygienic)\b/i,
    phrase: fixed('cleanliness'),
    clinicalSafe: true,
  },
  { id: 'parking', pattern: /\b(parking|parked)\b/i, phrase: fixed('parking'), clinicalSafe: true },
  {
    id: 'food',
    pattern: /\b(food|meals?|dish(es)?|menu|breakfast|brunch|lunch|dinner|coffee|drinks|cocktails|cakes?|pastries)\b/i,
    phrase: (matched) => `the ${matched.toLowerCase()}`,
    clinicalSafe: false,
  },
  {
    id: 'results',
    pattern:
      /\b(results?|outcome|turned out|workmanship|quality of (the )?work|(great|good|fantastic|excellent|amazing|brilliant|terrible|poor|bad|shoddy|sloppy) (job|work))\b/i,
    phrase: fixed('the results'),
    clinicalSafe: false,
  },
]

export type FoundTopic = { id: TopicId; phrase: string }

/**
 * The topics a review raises, in the order it raises them, at most `max`. A group counts once, as
 * its first topic in the list above ('the staff were rude': our team's attitude, not our team).
 */
export function topicsOf(review: string, kind: BusinessKind, max = 2): FoundTopic[] {
  const raised = new Map<string, { at: number; found: FoundTopic }>()
  for (const topic of TOPICS) {
    if (kind === 'health' && !topic.clinicalSafe) continue
    const match = topic.pattern.exec(review)
    if (!match) continue
    const group = topic.group ?? topic.id
    const earlier = raised.get(group)
    if (earlier) earlier.at = Math.min(earlier.at, match.index)
    else raised.set(group, { at: match.index, found: { id: topic.id, phrase: topic.phrase(match[0]) } })
  }
  return [...raised.values()]
    .sort((a, b) => a.at - b.at)
    .slice(0, max)
    .map((entry) => entry.found)
}

/** The topics as one phrase for a reply ('our team and waiting times'); undefined when there are none. */
export function aboutPhrase(review: string, kind: BusinessKind): string | undefined {
  const phrases = topicsOf(review, kind).map((topic) => topic.phrase)
  return phrases.length ? phrases.join(' and ') : undefined
}
