import type { Sql } from '../runtime/db.ts'
import type { ClaimRef, Claimed, Outbox, OutboxItem } from './outbox.ts'

const MAX_ERROR_LENGTH = 1_000

/** The outbox's own columns, as a table row holds them. */
export type OutboxColumns = {
  id: string | number
  attempts: number
  claimed_until: Date | null
  claim_token: string | null
  last_error: string | null
  failure_reason: string | null
}

/** An item's outbox fields from its row; the table adds its own (and `createdAt`, from whichever column keeps it). */
export const outboxFields = (row: OutboxColumns) => ({
  id: String(row.id),
  attempts: row.attempts,
  claimedUntil: row.claimed_until,
  claimToken: row.claim_token,
  lastError: row.last_error,
  failureReason: row.failure_reason,
})

export type OutboxTable<Row, Item extends OutboxItem> = {
  /** The table, with the columns `outbox.ts` names. */
  table: string
  /** A unique column the caller knows an item by (a submission id). */
  key: string
  /** The status an item takes once the system has it, and the column that keeps when (database time). */
  doneStatus: string
  doneAt?: string
  toItem: (row: Row) => Item
}

export type PgOutbox<Item extends OutboxItem> = Outbox<Item> & {
  find(key: string): Promise<Item | undefined>
  /** The call went through: the item is done, with what the system answered (e.g. its id) in `columns`. */
  done(item: ClaimRef, columns: Record<string, unknown>): Promise<boolean>
  /** Writes a step's columns while the item is pending under this claim; false when a newer claim owns it. */
  record(item: ClaimRef, columns: Record<string, unknown>): Promise<boolean>
}

/**
 * The outbox on PostgreSQL. Every claim sets a fresh `claim_token`; every write after it applies
 * only where the item is still pending under that token (as pgflow's complete_task guards against
 * late callbacks), so a worker whose lease lapsed can never undo or overwrite a newer claimant's work.
 */
export function pgOutbox<Row extends object, Item extends OutboxItem>(sql: Sql, spec: OutboxTable<Row, Item>): PgOutbox<Item> {
  const table = sql(spec.table)
  const key = sql(spec.key)
  const due = () => sql`status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())`
  const claimSet = (leaseMs: number) =>
    sql`attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${leaseMs / 1000}),
        claim_token = gen_random_uuid(), updated_at = now()`
  const underClaim = (item: ClaimRef) => sql`id = ${item.id} and claim_token = ${item.claimToken} and status = 'pending'`
  const first = (rows: Row[]) => (rows[0] ? spec.toItem(rows[0]) : undefined)
  const claimed = (rows: Row[]) => first(rows) as Claimed<Item> | undefined
  const settled = sql`claimed_until = null, claim_token = null, updated_at = now()`

  return {
    async find(value) {
      return first(await sql<Row[]>`select * from ${table} where ${key} = ${value}`)
    },
    async claim(value, leaseMs) {
      return claimed(await sql<Row[]>`update ${table} set ${claimSet(leaseMs)} where ${key} = ${value} and ${due()} returning *`)
    },
    async claimNext(leaseMs) {
      return claimed(
        await sql<Row[]>`
          update ${table} set ${claimSet(leaseMs)}
          where id = (select id from ${table} where ${due()} order by next_attempt_at limit 1 for update skip locked)
          returning *`,
      )
    },
    async done(item, columns) {
      const values = { ...columns, status: spec.doneStatus, last_error: null, failure_reason: null }
      const at = spec.doneAt ? sql`, ${sql(spec.doneAt)} = now()` : sql``
      const rows = await sql`update ${table} set ${sql(values)}${at}, ${settled} where ${underClaim(item)} returning id`
      return rows.length === 1
    },
    async record(item, columns) {
      const rows = await sql`update ${table} set ${sql(columns)}, updated_at = now() where ${underClaim(item)} returning id`
      return rows.length === 1
    },
    async retryLater(item, failure, at, { countAttempt } = { countAttempt: true }) {
      const rows = await sql`
        update ${table} set next_attempt_at = ${at}, last_error = ${failure.detail.slice(0, MAX_ERROR_LENGTH)},
          failure_reason = ${failure.reason}, attempts = attempts - ${countAttempt ? 0 : 1}, ${settled}
        where ${underClaim(item)} returning id`
      return rows.length === 1
    },
    async failed(item, failure) {
      const rows = await sql`
        update ${table} set status = 'failed', last_error = ${failure.detail.slice(0, MAX_ERROR_LENGTH)},
          failure_reason = ${failure.reason}, ${settled}
        where ${underClaim(item)} returning id`
      return rows.length === 1
    },
  }
}
