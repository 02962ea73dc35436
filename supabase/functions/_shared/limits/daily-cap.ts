import type { RateCounter, RateDecision } from './rate-limit.ts'

export const DAY_SECONDS = 86_400

export type DailyCap = () => Promise<RateDecision>

/**
 * Every check costs money whoever asks: one shared count per UTC day in `request_limits` (the
 * "client" is the constant `all`), refused once it passes `REVIEW_CHECK_DAILY_CAP`. `ai-reply`
 * counts its model drafts the same way in its own bucket (`ai-reply-cap`, `AI_DAILY_CAP`).
 */
export function createDailyCap(deps: { counter: RateCounter; cap: number; now: () => Date; bucket?: string }): DailyCap {
  return async () => {
    const { hits, resetsAt } = await deps.counter.hit(deps.bucket ?? 'review-check-cap', 'all', DAY_SECONDS)
    if (hits <= deps.cap) return { allowed: true }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - deps.now().getTime()) / 1000)) }
  }
}
