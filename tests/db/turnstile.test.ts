import type { TransactionSql } from 'postgres'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LeadSubmissionSchema } from '@/schemas/lead'
import { pgLeadStore } from '../../supabase/functions/_shared/delivery/pg-lead-store.ts'
import { pgTokenLedger } from '../../supabase/functions/_shared/turnstile/token-ledger.ts'
import { submission } from '../functions/support'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

// 20261130020000_turnstile.sql: the token ledger, and the leads' bot-check mark, on PostgreSQL.
let pg: PgCluster
beforeAll(async () => {
  pg = await startPgCluster()
}, 60_000)
afterAll(() => pg?.stop())

const inFiveMinutes = () => new Date(Date.now() + 300_000)

describe('turnstile_tokens', () => {
  it('takes a token once; the same use key (a retried submission) again; keeps only its hash', async () => {
    const ledger = pgTokenLedger(pg.sql)
    const token = `token-${crypto.randomUUID()}`
    expect(await ledger.use(token, 'submission-a', inFiveMinutes())).toBe(true)
    expect(await ledger.use(token, 'submission-a', inFiveMinutes())).toBe(true)
    expect(await ledger.use(token, 'submission-b', inFiveMinutes())).toBe(false)
    expect(JSON.stringify(await pg.sql`select * from turnstile_tokens`)).not.toContain(token)
  })

  it('sweeps expired tokens as new ones arrive', async () => {
    const ledger = pgTokenLedger(pg.sql)
    await ledger.use(`old-${crypto.randomUUID()}`, 'k', new Date(Date.now() - 1_000))
    await ledger.use(`new-${crypto.randomUUID()}`, 'k', inFiveMinutes())
    const [left] = await pg.sql<{ n: number }[]>`select count(*)::int as n from turnstile_tokens where expires_at < now()`
    expect(left?.n).toBe(0)
  })

  it.each(['anon', 'authenticated'] as const)('is closed to %s', async (role) => {
    await expect(pg.asRole(role, (tx: TransactionSql) => tx`select * from turnstile_tokens`)).rejects.toThrow(/permission denied/)
  })
})

describe('the leads bot-check mark', () => {
  it('stores verified, unverified with its reason, and nothing when the check was off', async () => {
    const store = pgLeadStore(pg.sql)
    const fresh = () => v.parse(LeadSubmissionSchema, submission({ submissionId: crypto.randomUUID() }))
    const cases = [{ verified: true } as const, { verified: false, reason: 'missing-token' } as const, null]
    for (const verification of cases) {
      const lead = fresh()
      const row = await store.record({ submission: lead, status: 'pending', verification })
      expect(row.verification).toEqual(verification)
      expect((await store.find(lead.submissionId))?.verification).toEqual(verification)
    }
  })
})
