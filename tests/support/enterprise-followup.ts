import type { Sql } from 'postgres'
import { validRegistration } from './enterprise-row'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

export const FOLLOWUP_SECRET = 'enterprise-test-secret'
/** CONFIRM_LINK_SECRET and SITE_URL of the functions under test. */
export const CONFIRM_SECRET = 'confirm-link-test-secret'
export const SITE_URL = 'https://site.test'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One run of enterprise-followup at `url`, as the Cron job makes it (after any short backoff has passed). */
export async function runFollowup(url: string, secret = FOLLOWUP_SECRET) {
  await sleep(150)
  const res = await fetchWithin(url, { method: 'POST', headers: { 'x-cron-secret': secret }, within: 15_000 })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** Inserts a registration as the wizard does (its own submission id); answers its row id. */
export async function register(sql: Sql, change: Partial<typeof validRegistration> = {}): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into enterprise_registrations ${sql({ ...validRegistration, ...change, submission_id: crypto.randomUUID() } as never)}
    returning id`
  return row!.id
}

/** A registration whose registrant has confirmed their address, as the /confirm page's button makes it. */
export async function registerConfirmed(sql: Sql, change: Partial<typeof validRegistration> = {}): Promise<string> {
  const id = await register(sql, change)
  await sql`update enterprise_registrations set email_confirmed_at = now() where id = ${id}`
  return id
}

/** The token of the last /confirm link e-mailed to `to`. */
export function confirmTokenIn(emails: { to: string[]; text: string }[], to: string): string | undefined {
  const texts = emails.filter((email) => email.to.includes(to)).map((email) => email.text)
  const match = texts.length > 0 ? /\/confirm\?token=([^\s]+)/.exec(texts[texts.length - 1]!) : null
  return match ? decodeURIComponent(match[1]!) : undefined
}
