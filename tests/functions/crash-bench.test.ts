import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runCrashBench, type CrashBenchResult } from '../../scripts/bench/crash-run.mjs'
import { loopbackPassesThrough } from './support'

// Issue 43 point 9, the tiny version of `npm run bench:crash`: the Cron-called workers under Deno on
// PostgreSQL with every migration, killed with SIGKILL mid-run at seeded moments while the fakes drop
// answers; then run cleanly until nothing changes. Each reader (board, sales chat and e-mail, the
// registrant's inbox, Stripe) must hold each message and record exactly once; a chat resend counts
// only when a dropped answer explains it.
let result: CrashBenchResult

beforeAll(async () => {
  loopbackPassesThrough()
  result = await runCrashBench({
    leads: 12,
    registrations: 2,
    kills: 24,
    seed: 7,
    dropRate: 0.15,
    latencyMs: 60,
    // A record left pending for good ends the clean phase here, not after the bench's 3 minutes.
    faultsLimitMs: 90_000,
    cleanLimitMs: 60_000,
  })
}, 240_000)

beforeEach(loopbackPassesThrough)

describe('a worker killed at any moment, an answer dropped anywhere', () => {
  it('killed the workers mid-run and dropped answers', () => {
    expect(result.faults.landed).toBeGreaterThanOrEqual(24)
    expect(result.clean.settled).toBe(true)
  })

  it('each reader got every message and record: none lost', () => {
    const lost = result.rows.filter((row) => row.lost > 0).map((row) => `${row.reader}: ${row.lost} lost`)
    expect(lost, [...result.lost, result.table].join('\n')).toEqual([])
  })

  it('each reader got each one once: no duplicate, every chat resend traced to a dropped answer', () => {
    const duplicated = result.rows.filter((row) => row.duplicated > 0).map((row) => `${row.reader}: ${row.duplicated} duplicated`)
    expect(duplicated, [...result.traces, result.table].join('\n')).toEqual([])
    expect(result.unexpected).toEqual([])
  })
})
