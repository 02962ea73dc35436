import type { LeadSubmission } from '../../../src/schemas/lead.ts'
import type { LeadVerification } from '../_shared/delivery/lead-store.ts'
import type { Verification } from '../_shared/turnstile/siteverify.ts'

export const DEFAULT_MIN_FILL_MS = 3_000

export type SpamVerdict = { spam: false } | { spam: true; reason: 'honeypot' | 'no-guard' }

/**
 * People never see the honeypot field; scripts fill every field. A caught submission is stored as
 * spam (so nothing is lost if a person is ever caught) and answered like any other. The fill time the
 * client reports is not trusted (anyone can write `fillMs: 5000`): see leadVerification.
 */
export function checkSpam({ guard }: LeadSubmission): SpamVerdict {
  if (!guard) return { spam: true, reason: 'no-guard' }
  if (guard.honeypot.trim() !== '') return { spam: true, reason: 'honeypot' }
  return { spam: false }
}

/**
 * A lead is never held back by the bot check; it is marked. Its fill time is measured here, from the
 * verified challenge (`challenge_ts`, when the widget, loaded on the first touch of the form, was
 * solved) to the post's arrival: a token solved moments before the post is a script's.
 */
export function leadVerification(verification: Verification, receivedAt: Date, minFillMs: number): LeadVerification {
  switch (verification.kind) {
    case 'off':
      return null
    case 'unavailable':
    case 'unverified':
      return { verified: false, reason: verification.reason }
    case 'verified':
      return receivedAt.getTime() - verification.challengeAt.getTime() < minFillMs
        ? { verified: false, reason: 'too-fast' }
        : { verified: true }
  }
}
