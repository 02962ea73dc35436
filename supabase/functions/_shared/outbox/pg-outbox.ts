import type { Sql } from '../runtime/db.ts'
import type { ClaimRef, Claimed, Outbox, OutboxFailure, OutboxItem } from './outbox.ts'

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
  /** The status an item takes once the system has it, and the column that keeps when (database time), as `outbox_tables` registers them. */
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
 * Each transition is a SQL function (`*_outbox_transitions.sql`, one round trip each) on a table
 * registered in `outbox_tables`; no status is written here.
 */
export function pgOutbox<Row extends object, Item extends OutboxItem>(sql: Sql, spec: OutboxTable<Row, Item>): PgOutbox<Item> {
  const table = sql(spec.table)
  const first = (rows: Row[]) => (rows[0] ? spec.toItem(rows[0]) : undefined)
  const claimed = (rows: Row[]) => first(rows) as Claimed<Item> | undefined
  const applied = (rows: { applied: boolean }[]) => rows[0]?.applied === true
  // jsonb for jsonb_populate_record: a Date goes as its ISO instant, an undefined value is left out.
  const stepColumns = (columns: Record<string, unknown>) => sql.json(columns as Parameters<Sql['json']>[0])
  const detail = (failure: OutboxFailure) => failure.detail.slice(0, MAX_ERROR_LENGTH)

  return {
    async find(value) {
      return first(await sql<Row[]>`select * from ${table} where ${sql(spec.key)} = ${value}`)
    },
    async claim(value, leaseMs) {
      return claimed(await sql<Row[]>`select * from public.outbox_claim(null::${table}, ${value}, ${leaseMs})`)
    },
    async claimNext(leaseMs) {
      return claimed(await sql<Row[]>`select * from public.outbox_claim_next(null::${table}, ${leaseMs})`)
    },
    async done(item, columns) {
      return applied(
        await sql`select public.outbox_done(${spec.table}, ${item.id}, ${item.claimToken}, ${spec.doneStatus}, ${stepColumns(columns)}) as applied`,
      )
    },
    async record(item, columns) {
      return applied(
        await sql`select public.outbox_record(${spec.table}, ${item.id}, ${item.claimToken}, ${stepColumns(columns)}) as applied`,
      )
    },
    async retryLater(item, failure, at, { countAttempt } = { countAttempt: true }) {
      return applied(
        await sql`
          select public.outbox_retry(${spec.table}, ${item.id}, ${item.claimToken}, ${at}, ${failure.reason}, ${detail(failure)},
            ${countAttempt}) as applied`,
      )
    },
    async failed(item, failure) {
      return applied(
        await sql`select public.outbox_failed(${spec.table}, ${item.id}, ${item.claimToken}, ${failure.reason}, ${detail(failure)}) as applied`,
      )
    },
  }
}
