import type postgres from 'postgres'
import type { NotificationRequest } from './notification.ts'

/**
 * Queues a message on every channel, inside the caller's transaction (pass `tx` from `sql.begin`),
 * so the message exists exactly when the change it reports does. The same key twice adds nothing.
 * Returns the rows added.
 */
export async function notify(sql: postgres.Sql | postgres.TransactionSql, request: NotificationRequest): Promise<number> {
  const [row] = await sql<{ added: number }[]>`
    select public.notify(${request.kind}, ${request.key}, ${request.audience}, ${sql.json(request.payload as never)}) as added`
  return row?.added ?? 0
}
