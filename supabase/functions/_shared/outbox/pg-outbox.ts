import type { Sql } from '../runtime/db.ts'
import type { Outbox, OutboxItem } from './outbox.ts'

const MAX_ERROR_LENGTH = 1_000

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
  done(id: string, columns: Record<string, unknown>): Promise<void>
}

/** The outbox on PostgreSQL; only a pending item moves, so a late outcome never undoes a newer one. */
export function pgOutbox<Row extends object, Item extends OutboxItem>(sql: Sql, spec: OutboxTable<Row, Item>): PgOutbox<Item> {
  const table = sql(spec.table)
  const key = sql(spec.key)
  const due = () => sql`status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())`
  const claimSet = (leaseMs: number) =>
    sql`attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()`
  const first = (rows: Row[]) => (rows[0] ? spec.toItem(rows[0]) : undefined)

  return {
    async find(value) {
      return first(await sql<Row[]>`select * from ${table} where ${key} = ${value}`)
    },
    async claim(value, leaseMs) {
      return first(await sql<Row[]>`update ${table} set ${claimSet(leaseMs)} where ${key} = ${value} and ${due()} returning *`)
    },
    async claimNext(leaseMs) {
      return first(
        await sql<Row[]>`
          update ${table} set ${claimSet(leaseMs)}
          where id = (select id from ${table} where ${due()} order by next_attempt_at limit 1 for update skip locked)
          returning *`,
      )
    },
    async done(id, columns) {
      const values = { ...columns, status: spec.doneStatus, claimed_until: null, last_error: null, failure_reason: null }
      const at = spec.doneAt ? sql`, ${sql(spec.doneAt)} = now()` : sql``
      await sql`update ${table} set ${sql(values)}${at}, updated_at = now() where id = ${id} and status = 'pending'`
    },
    async retryLater(id, failure, at, { countAttempt } = { countAttempt: true }) {
      await sql`
        update ${table} set claimed_until = null, next_attempt_at = ${at}, last_error = ${failure.detail.slice(0, MAX_ERROR_LENGTH)},
          failure_reason = ${failure.reason}, attempts = attempts - ${countAttempt ? 0 : 1}, updated_at = now()
        where id = ${id} and status = 'pending'`
    },
    async failed(id, failure) {
      await sql`
        update ${table} set status = 'failed', claimed_until = null, last_error = ${failure.detail.slice(0, MAX_ERROR_LENGTH)},
          failure_reason = ${failure.reason}, updated_at = now()
        where id = ${id} and status = 'pending'`
    },
  }
}
