export type BackoffPolicy = {
  /** The first wait; each further attempt doubles it, up to `maxMs`. */
  baseMs: number
  maxMs: number
  /** After this many board calls the lead is marked failed with its last error. */
  maxAttempts: number
  random: () => number
}

export const DEFAULT_BACKOFF: Omit<BackoffPolicy, 'random'> = { baseMs: 30_000, maxMs: 60 * 60_000, maxAttempts: 10 }

/**
 * Exponential backoff with "equal jitter" (half fixed, half random, so retries from many leads
 * spread out), never sooner than the board asked for (Retry-After, retry_in_seconds, a daily limit).
 */
export function retryDelayMs(attempts: number, hintMs: number | undefined, policy: BackoffPolicy): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1))
  const jittered = exponential / 2 + (policy.random() * exponential) / 2
  return Math.round(Math.max(hintMs ?? 0, jittered))
}

export const hasAttemptsLeft = (attempts: number, policy: BackoffPolicy) => attempts < policy.maxAttempts
