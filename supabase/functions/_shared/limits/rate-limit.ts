import type { Logger } from '../runtime/logger.ts'
import { DEFAULT_SHARED_FACTOR, type AddressKey } from './client-address.ts'

/** `limit` requests per `windowSeconds` per client, per bucket (one bucket per function). */
export type RateRule = { bucket: string; limit: number; windowSeconds: number }
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** Counts one hit in the client's current window and says how many it has made in it. */
export interface RateCounter {
  hit(bucket: string, clientHash: string, windowSeconds: number): Promise<{ hits: number; resetsAt: Date }>
}

/** "10/600" -> 10 per 600 seconds; anything unreadable falls back. */
export function parseRateRule(bucket: string, raw: string | undefined, fallback: Omit<RateRule, 'bucket'>): RateRule {
  const match = /^(\d+)\s*\/\s*(\d+)$/.exec(raw?.trim() ?? '')
  const limit = Number(match?.[1])
  const windowSeconds = Number(match?.[2])
  return match && limit > 0 && windowSeconds > 0 ? { bucket, limit, windowSeconds } : { bucket, ...fallback }
}

/** The one client that stands for every request without a trusted address (never an address key). */
export const SHARED_CLIENT = 'shared'

/** Addresses are personal data: only a salted SHA-256 of one is ever stored. */
export function clientHash(address: string, salt: string): Promise<string> {
  return sha256Hex(`${salt}:${address}`)
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export type RateLimiter = (req: Request) => Promise<RateDecision>

/**
 * Counts each request by its client's address key (`AddressKey`, docs/client-address.md). Requests
 * without a trusted address are one client together, with `sharedFactor` times the limit.
 */
export function createRateLimiter(deps: {
  counter: RateCounter
  rule: RateRule
  salt: string
  logger: Logger
  now: () => Date
  addressKey: AddressKey
  sharedFactor?: number
}): RateLimiter {
  return async (req) => {
    const key = await deps.addressKey(req.headers)
    // The shared bucket is stored as itself: no address in it, and the database finds it (shared_bucket_use()).
    const hash = key === null ? SHARED_CLIENT : await clientHash(key, deps.salt)
    const limit = key === null ? deps.rule.limit * (deps.sharedFactor ?? DEFAULT_SHARED_FACTOR) : deps.rule.limit
    const { hits, resetsAt } = await deps.counter.hit(deps.rule.bucket, hash, deps.rule.windowSeconds)
    if (hits <= limit) return { allowed: true }
    const retryAfterSeconds = Math.max(1, Math.ceil((resetsAt.getTime() - deps.now().getTime()) / 1000))
    if (hits === limit + 1)
      deps.logger.warn('client rate limited', {
        bucket: deps.rule.bucket,
        client: key === null ? SHARED_CLIENT : hash.slice(0, 12),
        retryAfterSeconds,
      })
    return { allowed: false, retryAfterSeconds }
  }
}
