import type { BusinessKind, FallbackReason, Rating, Tone } from '@/schemas/ai-reply'
import { durationInWords } from '@/lib/duration-words'

/** The copy of the free AI reply (/reply) and of the links to it. */
export const aiReplyContent = {
  intro: {
    eyebrow: 'Free AI review reply',
    title: 'Reply to Any Review in Seconds',
    text: 'Paste a review, choose the rating and tone, and watch a safe, personal reply being written. No login, no email, no phone.',
  },
  form: {
    label: 'Write a reply',
    review: 'The review',
    reviewHint: 'Paste the review exactly as it was posted.',
    count: (used: number, max: number) => `${used.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters`,
    rating: 'Star rating',
    ratingLabel: (rating: Rating) => (rating === 1 ? '1 star' : `${rating} stars`),
    firstName: "Reviewer's first name (optional)",
    business: 'Your business name',
    kind: 'Kind of business',
    kinds: { general: 'General business', health: 'Veterinary or health practice' } satisfies Record<BusinessKind, string>,
    tone: 'Tone',
    tones: { warm: 'Warm', professional: 'Professional', brief: 'Brief' } satisfies Record<Tone, string>,
    submit: 'Draft my reply',
    noScript: 'The free AI reply needs JavaScript in your browser. Book a call instead and we will show you:',
    noScriptLink: 'book a free strategy call',
  },
  draft: {
    heading: 'Your reply',
    policy: 'A draft for you to review: we never post replies for you.',
    policyDetail: 'AI replies are drafts. They are never published automatically; you review and approve every one.',
    editable: 'Your reply (you can edit it)',
    writing: 'Writing your reply…',
    onItsWay: 'Your draft is on its way: our AI writer is taking a little longer than usual.',
    done: 'Your reply is ready. You can edit it before you copy it.',
    stoppedNote: 'Stopped: the reply so far is yours to edit, or draft it again.',
    stop: 'Stop',
    copy: 'Copy reply',
    copied: 'Reply copied to the clipboard.',
    copyFailed: 'Could not copy: select the reply and copy it yourself.',
    regenerate: 'Regenerate',
    aiLabel: 'AI draft',
    templateLabel: 'Template reply',
    book: 'Get replies like this for every review: book a call',
  },
  fallback: {
    down: 'Our AI writer is unavailable right now, so this reply is built from our reply templates.',
    slow: 'Our AI writer took too long, so this reply is built from our reply templates.',
    capped: "Today's free AI drafts are used up, so this reply is built from our reply templates.",
    unsafe: "The AI's draft did not pass our safety checks, so this reply is built from our reply templates.",
    offline: 'This reply is built from our reply templates.',
  } satisfies Record<FallbackReason | 'offline', string>,
  /** The visitor's own limit: the template for their review, and when the AI writer is theirs again. */
  limited: (seconds?: number) =>
    `You have used your free AI drafts for now, so this reply is built from our reply templates. You can draft with AI again in ${durationInWords(seconds ?? 3_600)}.`,
  failure: {
    invalid: 'We could not read that request. Please check the fields above and try again.',
    notVerified: 'We could not confirm that this request came from a person, so no draft was written. Please try again.',
    blocked:
      'The check that tells us you are a person did not load, so no draft was written. A browser extension or your network may be blocking challenges.cloudflare.com: allow it and try again.',
  },
} as const
