import type { LeadSubmission } from '../../../src/schemas/lead.ts'

export const DEFAULT_MIN_FILL_MS = 3_000

export type SpamVerdict = { spam: false } | { spam: true; reason: 'honeypot' | 'too-fast' | 'no-guard' }

/**
 * People never see the honeypot field and take more than a few seconds to fill the form; scripts
 * fill every field and post at once. A caught submission is stored as spam (so nothing is lost if
 * a person is ever caught) and answered like any other.
 */
export function checkSpam({ guard }: LeadSubmission, minFillMs: number): SpamVerdict {
  if (!guard) return { spam: true, reason: 'no-guard' }
  if (guard.honeypot.trim() !== '') return { spam: true, reason: 'honeypot' }
  if (guard.fillMs < minFillMs) return { spam: true, reason: 'too-fast' }
  return { spam: false }
}
