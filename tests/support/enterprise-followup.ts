import type { Sql } from 'postgres'
import { validRegistration } from './enterprise-row'

export const FOLLOWUP_SECRET = 'enterprise-test-secret'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One run of enterprise-followup at `url`, as the Cron job makes it (after any short backoff has passed). */
export async function runFollowup(url: string, secret = FOLLOWUP_SECRET) {
  await sleep(150)
  const res = await fetch(url, { method: 'POST', headers: { 'x-cron-secret': secret }, signal: AbortSignal.timeout(15_000) })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** Inserts a registration as the wizard does (its own submission id); answers its row id. */
export async function register(sql: Sql, change: Partial<typeof validRegistration> = {}): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into enterprise_registrations ${sql({ ...validRegistration, ...change, submission_id: crypto.randomUUID() } as never)}
    returning id`
  return row!.id
}
