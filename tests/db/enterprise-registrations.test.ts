import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import postgres from 'postgres'
import type { TransactionSql } from 'postgres'
import { RegistrationSchema, type RegistrationRow } from '@/schemas/enterprise'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

// supabase/migrations/*_enterprise_registrations.sql on a real PostgreSQL, as Supabase's API roles
// meet it: an anonymous visitor can never insert, read, change or delete a registration. Visitors
// register through the enterprise-register function (decision 021), which inserts over the server's
// database connection (`asFunction` here) and passes the trusted address header in request.headers.

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
const insertMinimal = (tx: TransactionSql, row: Row, submissionId: string = randomUUID()) => tx`
  with pgrst_source as (
    insert into public.enterprise_registrations
      (submission_id, name, email, phone, company_name, full_address, seats, selected_plan, billing_cycle, legal_agreements)
    values (${submissionId}, ${row.name}, ${row.email}, ${row.phone}, ${row.company_name}, ${row.full_address}, ${row.seats},
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
  /** The function's connection (the database owner, as SUPABASE_DB_URL gives it): one transaction. */
  const asFunction = <T>(fn: (tx: TransactionSql) => Promise<T>) => pg.sql.begin(fn) as Promise<T>
  beforeAll(async () => {
    pg = await startPgCluster()
  }, 60_000)
  afterAll(() => pg?.stop())

  it('keeps a valid row inserted over the function connection, with an id and a creation time', async () => {
    const before = await count(pg)
    const [result] = await asFunction((tx) => insertMinimal(tx, valid))
    expect(result?.inserted).toBe(1)
    expect(await count(pg)).toBe(before + 1)
    const [stored] = await pg.sql`select id, created_at, legal_agreements, verified from public.enterprise_registrations limit 1`
    expect(stored?.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(stored?.created_at).toBeInstanceOf(Date)
    expect(stored?.legal_agreements).toEqual(valid.legal_agreements)
  })

  it.each(['anon', 'authenticated'] as const)(
    'refuses a direct insert by %s: the bot check cannot be skipped by writing to the table (decision 021)',
    async (role) => {
      const before = await count(pg)
      expect((await refusal(pg.asRole(role, (tx) => insertMinimal(tx, valid)))).code).toBe('42501')
      const regranted = await refusal(
        pg.sql.begin(async (tx) => {
          // Even with the privilege granted back, no policy lets an API role insert.
          await tx`grant insert on public.enterprise_registrations to anon, authenticated`
          await tx.unsafe(`set local role ${role}`)
          await insertMinimal(tx, valid)
        }),
      )
      expect(regranted.code).toBe('42501')
      expect(await count(pg)).toBe(before)
    },
  )

  it('accepts the accented names and companies the form accepts, whatever the database locale', async () => {
    const row = v.parse(RegistrationSchema, { ...valid, name: 'José Müller', company_name: 'Société Générale' })
    const [result] = await asFunction((tx) => insertMinimal(tx, row))
    expect(result?.inserted).toBe(1)
  })

  it.each(['0422 470 721', '(04) 2247-0721', `0${'9'.repeat(15)}`, '+61 422 470 721', '4'.repeat(15)])(
    'keeps the phone %s as the form normalises it (a trunk 0 too, DESIGN.md deviation 7)',
    async (typed) => {
      const row = v.parse(RegistrationSchema, { ...valid, phone: typed })
      expect(row.phone).toMatch(/^\+61/)
      const [result] = await asFunction((tx) => insertMinimal(tx, row))
      expect(result?.inserted).toBe(1)
    },
  )

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
    expect(await refusal(asFunction((tx) => insertMinimal(tx, row)))).toEqual({
      code: '23514',
      constraint: `enterprise_registrations_${column}_check`,
    })
    expect(await count(pg)).toBe(before)
    // The browser never sends such a row: the schema refuses it or would send a corrected one.
    const parsed = v.safeParse(RegistrationSchema, row)
    expect(parsed.success && JSON.stringify(parsed.output) === JSON.stringify(row)).toBe(false)
  })
  describe('through enterprise-register (the function sets request.headers to the trusted header, as PostgREST did)', () => {
    /** The address as Cloudflare sets it (docs/client-address.md), and what else the client wrote. */
    const headers = (address: string, extra: Record<string, string> = {}) => JSON.stringify({ 'cf-connecting-ip': address, ...extra })
    /** One registration: the function's connection, the trusted header, the insert.  */
    const post = (requestHeaders: string, submissionId: string = randomUUID()) =>
      asFunction(async (tx) => {
        await tx`select set_config('request.headers', ${requestHeaders}, true)`
        return insertMinimal(tx, valid, submissionId)
      })
    const refusedBy = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: { code?: string; message?: string; hint?: string }) => ({ code: error.code, message: error.message, hint: error.hint }),
      )
    const rowsFor = (submissionId: string) =>
      pg.sql<{ n: number }[]>`select count(*)::int as n from public.enterprise_registrations where submission_id = ${submissionId}`

    it('refuses the sixth registration from one address within the hour, with its own SQLSTATE; another address still registers', async () => {
      for (let i = 0; i < 5; i += 1) await post(headers('203.0.113.7'))
      const before = await count(pg)
      expect(await refusedBy(post(headers('203.0.113.7:443')))).toEqual({
        code: 'PT429',
        message: 'Too many registrations from this network',
        hint: 'Try again in an hour, or call the agency.',
      })
      expect(await count(pg)).toBe(before)
      const [other] = await post(headers('198.51.100.4'))
      expect(other?.inserted).toBe(1)
    })

    it("reads Cloudflare's cf-connecting-ip only, never a forwarded-for the client could write", async () => {
      for (let i = 0; i < 5; i += 1) await post(headers('203.0.113.50', { 'x-forwarded-for': `192.0.2.${i}` }))
      expect((await refusedBy(post(headers('203.0.113.50', { 'x-forwarded-for': '192.0.2.99' }))))?.code).toBe('PT429')
    })

    it('counts only the last hour', async () => {
      for (let i = 0; i < 5; i += 1) await post(headers('203.0.113.80'))
      await pg.sql`update public.enterprise_registrations set created_at = now() - interval '61 minutes'
                   where client_address_hash is not null and created_at > now() - interval '1 minute'`
      const [result] = await post(headers('203.0.113.80'))
      expect(result?.inserted).toBe(1)
    })

    it("keeps only a salted hash of the address, and the time is the database's", async () => {
      const id = randomUUID()
      await asFunction(async (tx) => {
        await tx`select set_config('request.headers', ${headers('203.0.113.90')}, true)`
        await tx`insert into public.enterprise_registrations ${tx({ ...valid, submission_id: id } as never)}`
      })
      const [row] = await pg.sql<{ client_address_hash: string; created_at: Date }[]>`
        select client_address_hash, created_at from public.enterprise_registrations where submission_id = ${id}`
      expect(row?.client_address_hash).toMatch(/^[0-9a-f]{64}$/)
      const stored = JSON.stringify(await pg.sql`select * from public.enterprise_registrations where submission_id = ${id}`)
      expect(stored).not.toContain('203.0.113.90')
      const [unsalted] = await pg.sql<{ h: string }[]>`select encode(sha256(convert_to('203.0.113.90', 'UTF8')), 'hex') as h`
      expect(row?.client_address_hash).not.toBe(unsalted?.h)
      const chosenId = randomUUID()
      await asFunction(
        (tx) =>
          tx`insert into public.enterprise_registrations ${tx({ ...valid, submission_id: chosenId, created_at: '2000-01-01' } as never)}`,
      )
      const [chosen] = await pg.sql<{ created_at: Date }[]>`
        select created_at from public.enterprise_registrations where submission_id = ${chosenId}`
      expect(Date.now() - chosen!.created_at.getTime()).toBeLessThan(60_000)
    })

    it('records a submission_id once: the retried insert hits the unique key (23505) and there is one row', async () => {
      const id = randomUUID()
      await post(headers('198.51.100.20'), id)
      const retried = await refusal(post(headers('198.51.100.20'), id))
      expect(retried).toEqual({ code: '23505', constraint: 'enterprise_registrations_submission_id_key' })
      expect((await rowsFor(id))[0]?.n).toBe(1)
    })

    it('answers the retry of a registration already in with the unique key, even past the hourly limit', async () => {
      const ids = Array.from({ length: 5 }, () => randomUUID())
      for (const id of ids) await post(headers('198.51.100.30'), id)
      expect((await refusal(post(headers('198.51.100.30'), ids[4]))).code).toBe('23505')
    })

    it('requires a submission_id', async () => {
      const result = await refusal(asFunction((tx) => tx`insert into public.enterprise_registrations ${tx(valid as never)}`))
      expect(result.code).toBe('23502')
    })

    const today = async () =>
      (
        await pg.sql<{ n: number }[]>`
        select coalesce(sum(registrations), 0)::int as n from public.enterprise_registration_days
         where day = (now() at time zone 'utc')::date`
      )[0]!.n

    it('records registrations past the daily cap flagged: the follow-through places them in Needs a look, where they are held', async () => {
      await pg.sql`update public.enterprise_registration_settings set daily_cap = ${(await today()) + 1}`
      const under = randomUUID()
      const over = randomUUID()
      await post(headers('198.51.100.41'), under)
      await post(headers('198.51.100.42'), over)
      const flags = await pg.sql<{ submission_id: string; over_daily_cap: boolean; status: string }[]>`
        select submission_id, over_daily_cap, status from public.enterprise_registrations where submission_id in (${under}, ${over})`
      expect(Object.fromEntries(flags.map((f) => [f.submission_id, [f.over_daily_cap, f.status]]))).toEqual({
        [under]: [false, 'pending'],
        [over]: [true, 'pending'],
      })
      await pg.sql`update public.enterprise_registration_settings set daily_cap = 50`
    })

    it('counts the day in one counter row: a refused or retried registration counts nothing', async () => {
      const before = await today()
      const id = randomUUID()
      await post(headers('198.51.100.43'), id)
      expect(await today()).toBe(before + 1)
      expect((await refusal(post(headers('198.51.100.43'), id))).code).toBe('23505')
      for (let i = 0; i < 5; i += 1) await post(headers('198.51.100.44'))
      expect((await refusal(post(headers('198.51.100.44')))).code).toBe('PT429')
      expect(await today()).toBe(before + 6)
      const [rows] = await pg.sql<{ n: number }[]>`select count(*)::int as n from public.enterprise_registration_days`
      expect(rows?.n).toBe(1)
    })

    it("takes no table-wide lock: an insert holds no advisory lock but its own address's, and reads no day of rows", async () => {
      const locks = await asFunction(async (tx) => {
        await tx`select set_config('request.headers', ${headers('198.51.100.45')}, true)`
        await insertMinimal(tx, valid)
        return tx<{ objid: string }[]>`
          select objid::text from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`
      })
      const [global] = await pg.sql<
        { key: string }[]
      >`select (hashtext('public.enterprise_registrations')::bigint & 4294967295)::text as key`
      expect(locks.map((lock) => lock.objid)).not.toContain(global?.key)
      expect(locks.length).toBeLessThanOrEqual(1)
      const [definition] = await pg.sql<{ body: string }[]>`
        select string_agg(pg_get_functiondef(p.oid), ' ') as body from pg_trigger t join pg_proc p on p.oid = t.tgfoid
         where t.tgrelid = 'public.enterprise_registrations'::regclass and not t.tgisinternal`
      expect(definition?.body).not.toMatch(/interval '1 day'/)
      expect(definition?.body).not.toMatch(/hashtext\('public\.enterprise_registrations'\)/)
    })

    it('counts 20 concurrent registrations exactly, from 20 connections, and holds exactly those past the cap', async () => {
      const concurrent = postgres(pg.url, { max: 20, onnotice: () => {} })
      try {
        const before = await today()
        await pg.sql`update public.enterprise_registration_settings set daily_cap = ${before + 12}`
        const ids = Array.from({ length: 20 }, () => randomUUID())
        await Promise.all(
          ids.map((id, index) =>
            concurrent.begin(async (tx) => {
              await tx`select set_config('request.headers', ${headers(`203.0.113.${100 + index}`)}, true)`
              return insertMinimal(tx, valid, id)
            }),
          ),
        )
        expect(await today()).toBe(before + 20)
        const rows = await pg.sql<{ status: string; n: number }[]>`
          select status, count(*)::int as n from public.enterprise_registrations where submission_id in ${pg.sql(ids)}
          group by status order by status`
        expect(rows).toEqual([{ status: 'pending', n: 20 }])
        const [flagged] = await pg.sql<{ n: number }[]>`
          select count(*)::int as n from public.enterprise_registrations where submission_id in ${pg.sql(ids)} and over_daily_cap`
        expect(flagged?.n).toBe(8)
      } finally {
        await concurrent.end({ timeout: 1 })
        await pg.sql`update public.enterprise_registration_settings set daily_cap = 50`
      }
    })

    /** The body as PostgREST hands it to PostgreSQL: raw JSON text, turned into the row by json_populate_record. */
    const postRaw = (json: string) =>
      asFunction(
        (tx) => tx`
        insert into public.enterprise_registrations
          (submission_id, name, email, phone, company_name, full_address, seats, selected_plan, billing_cycle, legal_agreements)
        select submission_id, name, email, phone, company_name, full_address, seats, selected_plan, billing_cycle, legal_agreements
          from json_populate_record(null::public.enterprise_registrations, cast(${json}::text as json))`,
      )
    const rawRow = (fullAddress: string) =>
      JSON.stringify({ ...valid, submission_id: randomUUID(), full_address: '@' }).replace('"@"', fullAddress)

    it('takes a clean row sent the same way', async () => {
      expect((await refusal(postRaw(rawRow(JSON.stringify('78 Harbour Street, Sydney'))))).code).toBe('none')
    })

    it.each([
      ['a NUL', String.raw`"78 Harbour\u0000 Street"`],
      ['a lone surrogate', String.raw`"78 Harbour \ud83d Street"`],
    ])('refuses %s in a field with a class 22 SQLSTATE, which PostgREST answers with 400 (never 5xx)', async (_case, value) => {
      const before = await count(pg)
      const refused = await refusal(postRaw(rawRow(value)))
      expect(refused.code).toMatch(/^22P0[25]$/)
      expect(await count(pg)).toBe(before)
    })

    it.each([
      ['a replacement character (a lone surrogate re-encoded)', '78 Harbour \uFFFD Street'],
      ['a control character', '78 Harbour \u0007 Street'],
      ['a line break in the one-line address', '78 Harbour Street\nOver the daily cap: ignore'],
    ])('refuses %s with its CHECK constraint (23514, which PostgREST answers with 400)', async (_case, address) => {
      const refused = await refusal(postRaw(rawRow(JSON.stringify(address))))
      expect(refused).toEqual({ code: '23514', constraint: 'enterprise_registrations_text_characters_check' })
    })

    it('keeps the settings and the limits function away from anon', async () => {
      expect((await refusal(pg.asRole('anon', (tx) => tx`select * from public.enterprise_registration_settings`))).code).toBe('42501')
      expect((await refusal(pg.asRole('anon', (tx) => tx`update public.enterprise_registration_settings set daily_cap = 1000`))).code).toBe(
        '42501',
      )
    })
  })
})
