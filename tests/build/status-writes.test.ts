import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scanMigrations, statusWrites, tablesWithStatus, tsStatusWrites, type Write } from './status-writes.ts'

// Issue 43 point 4: every outbox transition is a SQL function; no status is written anywhere else.
// Every write to `status` or a `*_status` column in supabase/ (its TypeScript and SQL) must sit in the current definition
// of one of these functions (the last `create [or replace]` of the name across the migrations: an
// earlier definition it replaced no longer runs, so it is history).
const TRANSITIONS: Record<string, string> = {
  // The generic outbox (20261202040000): settles or re-queues an item under its claim.
  outbox_done: 'pending -> its table’s done status, under the claim',
  outbox_failed: 'pending -> failed, under the claim',
  outbox_requeue: 'failed -> pending, by a person once the cause is fixed',
  outbox_record: 'writes no status: its spliced step columns are checked by outbox_assignments, which refuses them',
  record_lead: 'a lead comes in: its first status, pending or spam',
  enterprise_registration_hold: 'pending -> held (on the board in Needs a look)',
  enterprise_registration_await_confirmation: 'pending -> awaiting-confirmation',
  // Transitions that were SQL functions before the rule.
  retry_failed_leads: 'failed -> pending, by a person',
  retry_failed_enterprise_registrations: 'failed -> pending, by a person',
  release_spam_lead: 'spam -> pending, by a person',
  release_enterprise_registration: 'held -> pending, by a person',
  enterprise_registration_daily_cap: 'a registration comes in: pending, or held past the daily cap (its insert trigger)',
  confirm_enterprise_registration: 'awaiting-confirmation -> pending, when the registrant confirms',
  request_new_enterprise_confirm_link: 'awaiting-confirmation -> pending, for a new link',
  record_staff_decision: 'a person’s decision on the board releases a held lead, registration or booking',
  notification_sent: 'pending -> sent, under the claim',
  notification_skipped: 'pending -> skipped, under the claim',
  notification_failed: 'pending -> failed, under the claim',
  // Ad conversions (20261202070000).
  ad_conversion_skipped: 'pending -> skipped, under the claim: refused for good or the platform not configured',
  ad_conversion_processing: 'Google’s processing status of a sent conversion, read later',
}

// Column names that end in `_status` and hold no state of ours.
const NOT_A_STATE = new Set([
  // The done status an outbox table's items take: the registry's configuration, never moved.
  'outbox_tables.done_status',
])

// Updates whose columns are spliced in from an object, read by a person: none of them carries a status.
const SPLICED_REVIEWED: Record<string, string> = {
  'supabase/functions/_shared/enterprise/payment-verdicts.ts stripe_webhook_events':
    'the verdict’s own columns (outcome, invoice_id, registration_id, payment_state, activated, amount_of, mismatch)',
}

const root = new URL('../../', import.meta.url).pathname
const migrations = readdirSync(`${root}supabase/migrations`)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => ({ file: `supabase/migrations/${f}`, sql: readFileSync(`${root}supabase/migrations/${f}`, 'utf8') }))
const withStatus = tablesWithStatus(migrations.map((m) => m.sql))
const supabaseFiles = (readdirSync(`${root}supabase`, { recursive: true }) as string[])
  .filter((f) => !f.startsWith('.') && !f.includes('node_modules'))
  .map((f) => `supabase/${f}`)
const tsFiles = supabaseFiles.filter((f) => f.endsWith('.ts'))
// Any other SQL (a seed) runs as written, like a migration's top level.
const otherSql = supabaseFiles.filter((f) => f.endsWith('.sql') && !f.startsWith('supabase/migrations/'))

const counted = (w: Write) => !NOT_A_STATE.has(`${w.table}.${w.column}`)
const message = (file: string, w: Write) =>
  w.column === '(spliced columns)'
    ? `columns of ${w.table} spliced in, so a status could be written, outside a transition function: ${file}:${w.line}`
    : `status of ${w.table} written outside a transition function: ${file}:${w.line} (${w.column})`

describe('status writes', () => {
  const scan = scanMigrations(migrations, withStatus)
  const reviewedSplices = new Set<string>()

  it('happen in the transition functions only, in the functions’ current definitions', () => {
    const outside: string[] = []
    for (const fn of scan.functions.values()) {
      if (TRANSITIONS[fn.name]) continue
      for (const w of fn.writes.filter(counted)) outside.push(`${message(fn.file, w)} in function ${fn.name} (${fn.file}:${fn.line})`)
    }
    for (const { file, writes } of scan.topLevel) for (const w of writes.filter(counted)) outside.push(message(file, w))
    for (const file of otherSql) {
      for (const w of statusWrites(readFileSync(`${root}${file}`, 'utf8'), withStatus).filter(counted)) outside.push(message(file, w))
    }
    for (const file of tsFiles) {
      for (const w of tsStatusWrites(readFileSync(`${root}${file}`, 'utf8'), withStatus).filter(counted)) {
        if (w.column === '(spliced columns)' && SPLICED_REVIEWED[`${file} ${w.table}`]) reviewedSplices.add(`${file} ${w.table}`)
        else outside.push(message(file, w))
      }
    }
    expect(outside, 'call a transition function (a SQL function in a migration, listed in TRANSITIONS) instead').toEqual([])
    // Parsing every TypeScript file takes seconds on a loaded host.
  }, 60_000)

  it('keeps its lists honest: each transition is defined and writes a status, each reviewed splice is still there', () => {
    for (const name of Object.keys(TRANSITIONS)) {
      expect(scan.functions.get(name)?.writes.length, `${name}: no current definition writes a status`).toBeGreaterThan(0)
    }
    expect([...reviewedSplices].sort()).toEqual(Object.keys(SPLICED_REVIEWED).sort())
  })
})

describe('the status-write scanner', () => {
  const tables = new Set(['leads', 'lead_bookings'])
  const found = (sql: string) => statusWrites(sql, tables).map((w) => `${w.table}.${w.column}@${w.line}`)

  it('finds an inline status update in TypeScript, with its line', () => {
    const source = [
      "import type { Sql } from '../runtime/db.ts'",
      'export const giveUp = (sql: Sql, id: string) =>',
      "  sql`update leads set status = 'failed' where id = ${id}`",
    ].join('\n')
    expect(tsStatusWrites(source, tables)).toEqual([{ table: 'leads', column: 'status', line: 3 }])
  })

  it('finds every shape of write', () => {
    expect(found("update public.leads l set attempts = 0, status = 'pending' where id = 1")).toEqual(['leads.status@1'])
    expect(found('update lead_bookings\n set (status, attempts) = (select $1, 0)')).toEqual(['lead_bookings.status@1'])
    expect(found('insert into leads (submission_id, status) values ($1, $2)')).toEqual(['leads.status@1'])
    expect(found('insert into leads select * from old_leads')).toEqual(['leads.status@1'])
    expect(found("insert into x (k) values (1) on conflict (k) do update set payment_status = 'paid'")).toEqual(['x.payment_status@1'])
    expect(found("begin\n  new.status := 'held';\n  return new;")).toEqual(['(the trigger row).status@2'])
    expect(found("execute format('update %s set status = ''failed'' where id = $1', tbl)")).toEqual(['%s.status@1'])
    expect(found("execute format('update %1$s set %2$s updated_at = now()', tbl, cols)")).toEqual(['%1$s.(spliced columns)@1'])
  })

  it('reads spliced columns: unnamed ones could be a status, named ones are what they say', () => {
    const spliced = 'const f = (sql, values) => sql`update leads set ${sql(values)} where id = 1`'
    expect(tsStatusWrites(spliced, tables)).toEqual([{ table: 'leads', column: '(spliced columns)', line: 1 }])
    const named = "const f = (sql, values) => sql`update leads set ${sql(values, 'board_item_id', 'status')} where id = 1`"
    expect(tsStatusWrites(named, tables)).toEqual([{ table: 'leads', column: 'status', line: 1 }])
    const harmless = "const f = (sql, values) => sql`update leads set ${sql(values, 'board_item_id')} where id = 1`"
    expect(tsStatusWrites(harmless, tables)).toEqual([])
    const anyTable = "const f = (sql, table) => sql`update ${sql(table)} set status = 'failed'`"
    expect(tsStatusWrites(anyTable, tables)).toEqual([{ table: '${sql(table)}', column: 'status', line: 1 }])
  })

  it('reads reads as reads, comments as comments, and a dispute’s status as Stripe’s fact', () => {
    expect(found("select * from leads where status = 'pending' for update skip locked")).toEqual([])
    expect(found("update leads set attempts = 0 where status = 'failed' returning status")).toEqual([])
    expect(found("update leads set last_error = 'status = x' where id = 1")).toEqual([])
    expect(found("-- update leads set status = 'failed'\nselect 1")).toEqual([])
    expect(found('insert into leads default values')).toEqual([])
    expect(found('insert into stripe_webhook_events (event_id, dispute_status) values ($1, $2)')).toEqual([])
    expect(tsStatusWrites("// update leads set status = 'failed'\nexport const a = 1", tables)).toEqual([])
  })

  it('reads only the current definition of a function, and top-level SQL as written', () => {
    const scan = scanMigrations(
      [
        { file: 'a.sql', sql: "create function public.f() returns void language sql as $$ update leads set status = 'x' $$;" },
        { file: 'b.sql', sql: 'create or replace function public.f() returns void language sql as $$ select 1 $$;' },
        { file: 'c.sql', sql: "create function g() returns void language sql as $x$ select 1 $x$;\nupdate leads set status = 'y';" },
      ],
      tables,
    )
    expect(scan.functions.get('f')).toMatchObject({ file: 'b.sql', writes: [] })
    expect(scan.topLevel.find((t) => t.file === 'c.sql')?.writes).toEqual([{ table: 'leads', column: 'status', line: 2 }])
  })
})
