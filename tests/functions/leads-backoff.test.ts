import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LeadSubmissionSchema } from '@/schemas/lead'
import { hasAttemptsLeft, retryDelayMs, type BackoffPolicy } from '../../supabase/functions/_shared/outbox/backoff.ts'
import { boardHintMs } from '../../supabase/functions/_shared/board/client.ts'
import { parseRateRule } from '../../supabase/functions/_shared/limits/rate-limit.ts'
import { checkSpam } from '../../supabase/functions/leads/spam-guard.ts'
import { submission } from './support'

const policy = (random: number): BackoffPolicy => ({ baseMs: 1_000, maxMs: 60_000, maxAttempts: 5, random: () => random })

describe('redelivery backoff', () => {
  it('doubles per attempt between half and all of the exponential delay, capped', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, undefined, policy(0)))).toEqual([500, 1_000, 2_000, 4_000])
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, undefined, policy(1)))).toEqual([1_000, 2_000, 4_000, 8_000])
    expect(retryDelayMs(20, undefined, policy(1))).toBe(60_000)
  })

  it("never comes back sooner than the board's hint", () => {
    expect(retryDelayMs(1, 30_000, policy(0.5))).toBe(30_000)
    expect(retryDelayMs(4, 100, policy(1))).toBe(8_000)
  })

  it('gives up after the maximum number of attempts', () => {
    expect(hasAttemptsLeft(4, policy(0))).toBe(true)
    expect(hasAttemptsLeft(5, policy(0))).toBe(false)
  })
})

describe("the board's wait hints", () => {
  const now = Date.parse('2025-05-01T22:00:00.000Z')
  it.each([
    ['retry_in_seconds in a complexity error', { errors: [{ message: 'Complexity', extensions: { retry_in_seconds: 17 } }] }, 17_000],
    ['a top-level retry_in_seconds', { retry_in_seconds: 3, error_message: 'budget' }, 3_000],
    [
      'a daily limit: until midnight UTC',
      { errors: [{ message: 'Daily limit', extensions: { code: 'DAILY_LIMIT_EXCEEDED' } }] },
      2 * 3_600_000,
    ],
    ['an ordinary error: none', { errors: [{ message: 'Column value invalid' }] }, undefined],
  ])('%s', (_case, body, expected) => {
    expect(boardHintMs(body, now)).toBe(expected)
  })
})

describe('spam guard', () => {
  const lead = (guard?: { honeypot: string; fillMs?: number }) => v.parse(LeadSubmissionSchema, { ...submission(), guard })
  it.each([
    ['a person', { honeypot: '' }, { spam: false }],
    ['a filled honeypot', { honeypot: 'http://x.test', fillMs: 9_000 }, { spam: true, reason: 'honeypot' }],
    // The client's own fill time is not trusted: the server measures it from the bot check (leads-turnstile.test.ts).
    ['a reported fill time under the minimum (ignored)', { honeypot: '', fillMs: 1 }, { spam: false }],
    ['no guard at all (a script posting directly)', undefined, { spam: true, reason: 'no-guard' }],
  ])('%s', (_case, guard, verdict) => {
    expect(checkSpam(lead(guard))).toEqual(verdict)
  })
})

describe('rate-limit settings', () => {
  it('reads "count/seconds" and falls back on anything else', () => {
    expect(parseRateRule('leads', '5/60', { limit: 10, windowSeconds: 600 })).toEqual({ bucket: 'leads', limit: 5, windowSeconds: 60 })
    expect(parseRateRule('leads', 'lots', { limit: 10, windowSeconds: 600 })).toEqual({ bucket: 'leads', limit: 10, windowSeconds: 600 })
  })
})
