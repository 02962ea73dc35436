import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { validRegistration } from '../support/enterprise-row'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { createVaultSecrets } from '../support/pg-net'

// 20261203010000_ad_campaign_report.sql: the week's funnel per platform and keyword, in the agency's
// zone (Australia/Sydney, UTC+11 in November), from the records themselves, and the week's conversions.
const TZ = 'Australia/Sydney'
let pg: PgCluster
beforeAll(async () => {
  pg = await startPgCluster()
  await createVaultSecrets(pg.sql)
}, 60_000)
afterAll(() => pg?.stop())
beforeEach(async () => {
  await pg.sql`truncate leads, lead_bookings, enterprise_registrations, stripe_webhook_events, ad_conversions, ad_visits, ad_report_weeks`
})

const consent = {
  asked: false,
  source: 'not-asked',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
}
const clicked = (platform: string, keyword: string, clickIds: Record<string, string> = { gclid: 'g1' }) => ({
  platform,
  keyword,
  clickIds,
  clickAt: 1_790_000_000_000,
  landingUrl: 'https://site.test/vet',
  consent,
})

/** A lead at a UTC instant; genuine unless told otherwise. */
async function lead(at: string, attribution: unknown, { verified = true, status = 'delivered', decision = null as string | null } = {}) {
  const [row] = await pg.sql<{ id: string; submission_id: string }[]>`
    insert into leads (submission_id, status, lead, tracking, source, attribution, verified, staff_decision, created_at)
    values (gen_random_uuid(), ${status}, ${pg.sql.json({ name: 'Ada', email: 'ada@example.com', phone: '0422470721', business: '1 St', locations: '1', note: '' })},
            ${pg.sql.json({ platform: 'google', keyword: 'tracking-only' })}, ${pg.sql.json({ path: '/vet', label: 'Vet' })},
            ${attribution === null ? null : pg.sql.json(attribution as never)}, ${verified}, ${decision}, ${at})
    returning id, submission_id`
  return row!
}
const booking = (uid: string, leadId: string, at: string, event = 'BOOKING_CREATED') => pg.sql`
  insert into lead_bookings (booking_uid, trigger_event, lead_id, item_key, start_time, organizer, attendee_name, attendee_email, note, created_at)
  values (${uid}, ${event}, ${leadId}, ${`booking:${uid}`}, now(), 'Grace', 'Ada', 'ada@example.com', '', ${at})`
async function registration(at: string, attribution: unknown, leadSubmission: string | null = null) {
  const [row] = await pg.sql<{ id: string }[]>`
    insert into enterprise_registrations ${pg.sql({ ...validRegistration, submission_id: crypto.randomUUID() } as never)} returning id`
  await pg.sql`update enterprise_registrations set created_at = ${at}, lead_submission_id = ${leadSubmission},
    attribution = ${attribution === null ? null : pg.sql.json(attribution as never)} where id = ${row!.id}`
  return row!.id
}
const paid = (event: string, registrationId: string, invoice: string, cents: number, at: string, currency = 'usd') => pg.sql`
  insert into stripe_webhook_events (event_id, type, registration_id, invoice_id, amount_paid, currency, invoice_paid_at, status, outcome)
  values (${event}, 'invoice.paid', ${registrationId}, ${invoice}, ${cents}, ${currency}, ${at}, 'done', 'paid')`
const report = async (first = '2026-11-23', last = '2026-11-29') =>
  (await pg.sql<{ r: Report }[]>`select public.ad_campaign_report(${first}::date, ${last}::date, ${TZ}) as r`)[0]!.r
type Report = { funnel: Record<string, unknown>[]; conversions: Record<string, unknown>[] }

// The week Monday 23 to Sunday 29 November 2026 in Sydney is 2026-11-22T13:00Z to 2026-11-29T13:00Z.
describe('ad_campaign_report: one week in the agency zone', () => {
  it('counts each step per platform and keyword, only inside the agency week', async () => {
    // Visits: Monday and Sunday of the week count; the Sunday before and the Monday after do not.
    await pg.sql`insert into ad_visits (day, platform, keyword, click_kinds, visits) values
      ('2026-11-22', 'google', 'vet', 'gclid', 50), ('2026-11-23', 'google', 'vet', 'gclid', 7),
      ('2026-11-29', 'google', 'vet', 'gbraid', 3), ('2026-11-30', 'google', 'vet', 'gclid', 90), ('2026-11-24', 'meta', 'dentist', 'fbclid', 4)`
    // 23:30 Sunday 22 Nov UTC is 10:30 Monday 23 Nov in Sydney: inside. 13:30 Sunday 29 Nov UTC is Monday 30th there: outside.
    const first = await lead('2026-11-22T13:30:00Z', clicked('Google', 'vet'))
    await lead('2026-11-22T12:59:00Z', clicked('google', 'vet')) // Sunday 22nd 23:59 in Sydney: the week before
    await lead('2026-11-29T13:30:00Z', clicked('google', 'vet')) // Monday 30th in Sydney: the next week
    await lead('2026-11-25T01:00:00Z', clicked('google', 'vet'), { verified: false }) // a bot: a lead, not genuine
    await lead('2026-11-25T02:00:00Z', clicked('google', 'vet'), { status: 'spam' })
    await lead('2026-11-25T03:00:00Z', clicked('google', 'vet'), { decision: 'not-genuine' })
    const metaLead = await lead('2026-11-26T03:00:00Z', clicked('meta', 'dentist', { fbclid: 'f1' }))
    await lead('2026-11-26T04:00:00Z', null) // no attribution: its tracking names it
    await booking('b1', first.id, '2026-11-24T00:00:00Z')
    await booking('b1', first.id, '2026-11-24T01:00:00Z', 'BOOKING_RESCHEDULED') // not a second call
    await booking('b2', metaLead.id, '2026-11-30T00:00:00Z') // after the week
    const google = await registration('2026-11-27T00:00:00Z', clicked('google', 'vet'))
    const linked = await registration('2026-11-28T00:00:00Z', null, metaLead.submission_id) // the lead's click
    await paid('evt_1', google, 'in_1', 354_000, '2026-11-28T05:00:00Z')
    await paid('evt_1b', google, 'in_1', 354_000, '2026-11-28T05:01:00Z') // the same invoice twice counts once
    await paid('evt_2', linked, 'in_2', 100_000, '2026-11-29T12:59:00Z') // Sunday 23:59 in Sydney: inside
    await paid('evt_3', linked, 'in_3', 50_000, '2026-11-28T06:00:00Z', 'eur') // paid, no USD revenue

    const { funnel } = await report()
    expect(funnel).toEqual([
      // Most paying first.
      { platform: 'meta', keyword: 'dentist', visits: 4, leads: 1, genuine: 1, calls: 0, registrations: 1, paid: 2, revenue: 1000 },
      { platform: 'google', keyword: 'vet', visits: 10, leads: 4, genuine: 1, calls: 1, registrations: 1, paid: 1, revenue: 3540 },
      { platform: 'google', keyword: 'tracking-only', visits: 0, leads: 1, genuine: 1, calls: 0, registrations: 0, paid: 0, revenue: 0 },
    ])
  })

  it('per platform: reported, skipped by reason, failed and waiting, for the week’s conversions', async () => {
    const conv = (platform: string, key: string, status: string, reason: string | null, at = '2026-11-25T00:00:00Z') => pg.sql`
      insert into ad_conversions (platform, dedup_key, kind, lead_submission_id, status, skip_reason, created_at)
      values (${platform}, ${key}, 'lead', gen_random_uuid(), ${status}, ${reason}, ${at})`
    await conv('google', 'lead:1', 'sent', null)
    await conv('google', 'lead:2', 'sent', null)
    await conv('google', 'lead:3', 'skipped', 'click-too-old')
    await conv('google', 'lead:4', 'skipped', 'click-too-old')
    await conv('google', 'lead:5', 'failed', null)
    await conv('google', 'lead:6', 'sent', null, '2026-11-30T00:00:00Z') // the next week
    await conv('meta', 'lead:1', 'skipped', 'no-website-context')
    await conv('meta', 'lead:7', 'pending', null)
    expect((await report()).conversions).toEqual([
      { platform: 'google', reported: 2, failed: 1, waiting: 0, skipped: { 'click-too-old': 2 } },
      { platform: 'meta', reported: 0, failed: 0, waiting: 1, skipped: { 'no-website-context': 1 } },
    ])
  })

  it('an empty week is empty lists', async () => {
    expect(await report()).toMatchObject({ firstDay: '2026-11-23', lastDay: '2026-11-29', funnel: [], conversions: [] })
  })
})

describe('record_ad_visit: counts, never grows without bound', () => {
  const record = (platform: string, keyword: string, kinds = 'gclid') =>
    pg.sql`select public.record_ad_visit(${TZ}, ${platform}, ${keyword}, ${kinds})`
  it('counts per agency day, platform (any case) and kinds; past 500 pairs a day, new pairs count as (other)', async () => {
    await record('Google', ' vet ')
    await record('google', 'vet')
    await record('google', 'vet', 'fbclid+gclid')
    await pg.sql`insert into ad_visits (day, platform, keyword, click_kinds, visits)
      select (now() at time zone ${TZ})::date, 'google', 'k' || n, 'gclid', 1 from generate_series(1, 499) n`
    await record('google', 'vet') // a known pair still counts as itself
    await record('meta', 'made-up-1')
    await record('meta', 'made-up-2')
    const rows =
      await pg.sql`select platform, keyword, click_kinds, visits from ad_visits where keyword in ('vet', '(other)') order by 1, 3`
    expect(rows).toEqual([
      { platform: '(other)', keyword: '(other)', click_kinds: 'gclid', visits: 2 },
      { platform: 'google', keyword: 'vet', click_kinds: 'fbclid+gclid', visits: 1 },
      { platform: 'google', keyword: 'vet', click_kinds: 'gclid', visits: 3 },
    ])
  })

  it('is refused to the API roles: only the function (service role) counts', async () => {
    const granted = await pg.sql`select has_function_privilege('anon', 'public.record_ad_visit(text, text, text, text)', 'execute') as anon,
      has_table_privilege('anon', 'public.ad_visits', 'insert') as insert`
    expect(granted).toEqual([{ anon: false, insert: false }])
  })
})
