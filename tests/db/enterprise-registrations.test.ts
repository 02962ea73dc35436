import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import type { TransactionSql } from 'postgres'
import { RegistrationSchema, type RegistrationRow } from '@/schemas/enterprise'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

// supabase/migrations/*_enterprise_registrations.sql on a real PostgreSQL, as Supabase's API roles
// meet it: an anonymous visitor can register and can never read, change or delete a registration.

const valid: RegistrationRow = {
  name: "Jane O'Brien-Smith",
  email: 'jane@example.com',
  phone: '+61422470721',
  company_name: 'Acme & Co. (Sydney), Pty-Ltd',
  full_address: '78 Harbour Street, Sydney NSW, Australia',
  seats: '11-50',
  selected_plan: 'growth',
  billing_cycle: 'quarterly',
  legal_agreements: { terms: true, privacy: true, cookies: true, dpa: true },
}

type Row = Omit<RegistrationRow, 'legal_agreements' | 'seats' | 'selected_plan' | 'billing_cycle'> & {
  seats: string
  selected_plan: string
  billing_cycle: string
  legal_agreements: Record<string, unknown>
}

/** The statement PostgREST runs for `POST /enterprise_registrations` with `Prefer: return=minimal`. */
const insertMinimal = (tx: TransactionSql, row: Row) => tx`
  with pgrst_source as (
    insert into public.enterprise_registrations
      (name, email, phone, company_name, full_address, seats, selected_plan, billing_cycle, legal_agreements)
    values (${row.name}, ${row.email}, ${row.phone}, ${row.company_name}, ${row.full_address}, ${row.seats},
            ${row.selected_plan}, ${row.billing_cycle}, ${tx.json(row.legal_agreements as never)})
    returning 1
  )
  select count(*)::int as inserted from pgrst_source`

const count = async (pg: PgCluster) => {
  const [row] = await pg.sql<{ n: number }[]>`select count(*)::int as n from public.enterprise_registrations`
  return row?.n ?? 0
}

/** A SQLSTATE and, for check violations, the constraint that refused the row. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 'none', constraint: undefined }),
    (error: { code?: string; constraint_name?: string }) => ({ code: error.code, constraint: error.constraint_name }),
  )

describe('enterprise_registrations on PostgreSQL', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPgCluster()
  }, 60_000)
  afterAll(() => pg?.stop())

  it('keeps an anonymous insert of a valid row, with an id and a creation time', async () => {
    const before = await count(pg)
    const [result] = await pg.asRole('anon', (tx) => insertMinimal(tx, valid))
    expect(result?.inserted).toBe(1)
    await pg.asRole('anon', (tx) => tx`insert into public.enterprise_registrations ${tx(valid as never)}`)
    expect(await count(pg)).toBe(before + 2)
    const [stored] = await pg.sql`select id, created_at, legal_agreements from public.enterprise_registrations limit 1`
    expect(stored?.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(stored?.created_at).toBeInstanceOf(Date)
    expect(stored?.legal_agreements).toEqual(valid.legal_agreements)
  })

  it('accepts the accented names and companies the form accepts, whatever the database locale', async () => {
    const row = v.parse(RegistrationSchema, { ...valid, name: 'José Müller', company_name: 'Société Générale' })
    const [result] = await pg.asRole('anon', (tx) => insertMinimal(tx, row))
    expect(result?.inserted).toBe(1)
  })

  it.each(['0422 470 721', '(04) 2247-0721', `0${'9'.repeat(15)}`, '+61 422 470 721', '4'.repeat(15)])(
    'keeps the phone %s as the form normalises it (a trunk 0 too, DESIGN.md deviation 7)',
    async (typed) => {
      const row = v.parse(RegistrationSchema, { ...valid, phone: typed })
      expect(row.phone).toMatch(/^\+61/)
      const [result] = await pg.asRole('anon', (tx) => insertMinimal(tx, row))
      expect(result?.inserted).toBe(1)
    },
  )

  it('refuses to hand the row back to anon (what return=representation would need)', async () => {
    const result = await refusal(
      pg.asRole('anon', (tx) => tx`insert into public.enterprise_registrations ${tx(valid as never)} returning *`),
    )
    expect(result.code).toBe('42501')
  })

  describe.each(['anon', 'authenticated'] as const)('%s', (role) => {
    it('can neither read, change nor delete a registration', async () => {
      expect(await count(pg)).toBeGreaterThan(0)
      for (const statement of [
        (tx: TransactionSql) => tx`select * from public.enterprise_registrations`,
        (tx: TransactionSql) => tx`update public.enterprise_registrations set name = 'Mallory'`,
        (tx: TransactionSql) => tx`delete from public.enterprise_registrations`,
        (tx: TransactionSql) => tx`truncate public.enterprise_registrations`,
      ]) {
        expect((await refusal(pg.asRole(role, statement))).code).toBe('42501')
      }
      const [unchanged] = await pg.sql`select count(*)::int as n, count(*) filter (where name = 'Mallory')::int as changed
                                       from public.enterprise_registrations`
      expect(unchanged).toEqual({ n: await count(pg), changed: 0 })
    })

    it('still reads, changes and deletes nothing when the table privileges are granted back: row level security protects', async () => {
      const total = await count(pg)
      const seen = await pg.sql
        .begin(async (tx) => {
          await tx`grant select, update, delete on public.enterprise_registrations to anon, authenticated`
          await tx.unsafe(`set local role ${role}`)
          const rows = await tx`select * from public.enterprise_registrations`
          const updated = await tx`update public.enterprise_registrations set name = 'Mallory' returning id`
          const deleted = await tx`delete from public.enterprise_registrations`
          throw Object.assign(new Error('rollback'), { outcome: { read: rows.length, updated: updated.length, deleted: deleted.count } })
        })
        .catch((error: { outcome?: unknown }) => error.outcome)
      expect(seen).toEqual({ read: 0, updated: 0, deleted: 0 })
      expect(await count(pg)).toBe(total)
    })
  })

  it('lets authenticated visitors insert nothing: only anon has an insert policy', async () => {
    expect((await refusal(pg.asRole('authenticated', (tx) => insertMinimal(tx, valid)))).code).toBe('42501')
  })

  const invalid: [rule: string, change: Partial<Row>, constraint: string][] = [
    ['name shorter than 2', { name: 'J' }, 'name'],
    ['name longer than 50', { name: 'J'.repeat(51) }, 'name'],
    ['name with digits', { name: 'Jane 2' }, 'name'],
    ['name with outer spaces', { name: ' Jane Doe ' }, 'name'],
    ['email with capitals', { email: 'Jane@Example.com' }, 'email'],
    ['email with outer spaces', { email: ' jane@example.com' }, 'email'],
    ['email without a domain dot', { email: 'jane@example' }, 'email'],
    ['email without @', { email: 'jane.example.com' }, 'email'],
    ['phone not normalised', { phone: '0422470721' }, 'phone'],
    ['phone with spaces', { phone: '+61 422 470 721' }, 'phone'],
    ['phone starting +0', { phone: '+0422470721' }, 'phone'],
    ['company shorter than 2', { company_name: 'A' }, 'company_name'],
    ['company longer than 100', { company_name: 'A'.repeat(101) }, 'company_name'],
    ['company with other symbols', { company_name: 'Acme!' }, 'company_name'],
    ['address shorter than 5', { full_address: '1 Rd' }, 'full_address'],
    ['address longer than 200', { full_address: 'a'.repeat(201) }, 'full_address'],
    ['address with outer spaces', { full_address: ' 78 Harbour Street ' }, 'full_address'],
    ['seats outside the bands', { seats: '5' }, 'seats'],
    ['an unknown plan', { selected_plan: 'premium' }, 'selected_plan'],
    ['an unknown billing cycle', { billing_cycle: 'monthly' }, 'billing_cycle'],
    ['terms not accepted', { legal_agreements: { ...valid.legal_agreements, terms: false } }, 'legal_agreements'],
    ['privacy not accepted', { legal_agreements: { ...valid.legal_agreements, privacy: false } }, 'legal_agreements'],
    ['cookies missing', { legal_agreements: { terms: true, privacy: true, dpa: true } }, 'legal_agreements'],
    ['dpa as a string', { legal_agreements: { ...valid.legal_agreements, dpa: 'true' } }, 'legal_agreements'],
    ['an extra agreement', { legal_agreements: { ...valid.legal_agreements, marketing: true } }, 'legal_agreements'],
  ]

  it.each(invalid)('refuses %s with a CHECK constraint, as the shared schema would', async (_rule, change, column) => {
    const row: Row = { ...valid, ...change }
    const before = await count(pg)
    expect(await refusal(pg.asRole('anon', (tx) => insertMinimal(tx, row)))).toEqual({
      code: '23514',
      constraint: `enterprise_registrations_${column}_check`,
    })
    expect(await count(pg)).toBe(before)
    // The browser never sends such a row: the schema refuses it or would send a corrected one.
    const parsed = v.safeParse(RegistrationSchema, row)
    expect(parsed.success && JSON.stringify(parsed.output) === JSON.stringify(row)).toBe(false)
  })
})
