import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { adPlatformSettings } from '../support/ad-platform-settings'
import { GOOGLE_ACTIONS, startFakeGoogleDm, type FakeGoogleDm } from '../support/fake-google-dm.mjs'
import { startFakeMetaCapi, type FakeMetaCapi } from '../support/fake-meta-capi.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { validRegistration } from '../support/enterprise-row'
import { loopbackPassesThrough, notifyEnv } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The conversions outbox's faults that need a record set up in SQL (the lead written by record_lead,
// as the leads function writes it): a 429, a 401, a platform not configured, an erased record. The
// funnel itself (lead, call, purchase, a bot, a lost answer, a refusal) goes through the real
// functions in ad-conversions-funnel.test.ts; webhook-events runs under Deno against the strict fakes.
const SECRET = 'conversions-test-secret'
const UA = 'Mozilla/5.0 (Macintosh) Safari/605.1.15'

let pg: PgCluster
let google: FakeGoogleDm
let meta: FakeMetaCapi
let channels: FakeAlerts
let worker: DenoFunction
let bare: DenoFunction
let validating: DenoFunction

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, google, meta, channels] = await Promise.all([startPgCluster(), startFakeGoogleDm(), startFakeMetaCapi(), startFakeAlerts()])
  const base = {
    SUPABASE_DB_URL: pg.url,
    CRON_SECRET: SECRET,
    ALERT_WEBHOOK_URL: channels.webhookUrl,
    ...notifyEnv,
    CONVERSIONS_LEASE_MS: '2000',
    // Longer than a run takes, so a retried row waits for the next run.
    CONVERSIONS_BACKOFF_BASE_MS: '300',
    CONVERSIONS_BACKOFF_MAX_MS: '300',
    CONVERSIONS_MAX_ATTEMPTS: '4',
  }
  const configured = {
    ...base,
    ...adPlatformSettings(google, meta),
    GOOGLE_DM_TIMEOUT_MS: '2000',
  }
  ;[worker, bare, validating] = await Promise.all([
    startFunction('webhook-events', configured),
    startFunction('webhook-events', base),
    startFunction('webhook-events', { ...configured, GOOGLE_DM_VALIDATE_ONLY: 'true' }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([worker?.stop(), bare?.stop(), validating?.stop()])
  await Promise.all([google?.close(), meta?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate leads, lead_bookings, enterprise_registrations, stripe_webhook_events, notifications, ad_conversions`
  google.clear()
  meta.clear()
  channels.clear()
})

type Clicks = Record<string, string>
const attribution = (clickIds: Clicks, adUserData: 'granted' | 'denied' = 'granted') => ({
  platform: 'google',
  keyword: 'vet reviews',
  clickIds,
  clickAt: Date.now() - 60_000,
  landingUrl: 'https://agency.test/vet',
  consent: { asked: true, source: 'banner', ad_storage: adUserData, ad_user_data: adUserData, ad_personalization: 'denied' },
  // As leads keeps it from the request's User-Agent with a click (Meta's website event needs it).
  userAgent: UA,
})

/** A lead as the leads function records it: the row (verified or not, spam or not) with its attribution. */
async function lead(clickIds: Clicks, o: { verified?: boolean; spam?: boolean; adUserData?: 'granted' | 'denied' } = {}) {
  const id = crypto.randomUUID()
  const person = { name: 'Ada Lovelace', email: 'Ada@Example.com', phone: '0422470721', locations: '2-10', business: 'x', note: '' }
  const [row] = await pg.sql<{ id: string }[]>`
    select id from public.record_lead(${id}, ${o.spam ? 'spam' : 'pending'}, ${pg.sql.json(person)}, ${pg.sql.json({})},
      ${pg.sql.json({ path: '/vet', label: 'Vet' })}, null, null, ${o.spam ? 'honeypot' : null}, ${o.verified ?? true}, null,
      ${pg.sql.json(attribution(clickIds, o.adUserData))})`
  return { submissionId: id, id: row!.id }
}

async function run(fn: DenoFunction = worker): Promise<Record<string, number>> {
  const res = await fetchWithin(fn.url, { method: 'POST', headers: { 'x-cron-secret': SECRET }, within: 15_000 })
  expect(res.status).toBe(200)
  return ((await res.json()) as { conversions: Record<string, number> }).conversions
}

const rows = () =>
  pg.sql<Record<string, unknown>[]>`select platform, dedup_key, kind, status, skip_reason, platform_request_id, processing_status,
    attempts, failure_reason, value_usd from ad_conversions order by id`

describe('the conversions outbox', () => {
  it('a 429 with Retry-After: the row waits at least that long, the same event kept for later', async () => {
    await lead({ gclid: 'busy' })
    google.failNext('ingest', '429', 1, { retryAfter: 30 })
    await run()
    const [row] = await pg.sql<{ status: string; wait: number }[]>`
      select status, extract(epoch from next_attempt_at - updated_at) as wait from ad_conversions`
    expect(row!.status).toBe('pending')
    expect(Number(row!.wait)).toBeGreaterThanOrEqual(29)
    expect(google.events.size).toBe(0)
  })

  it('a 401: one ops message for the platform that day, the rows wait', async () => {
    await lead({ gclid: 'auth-1' })
    await lead({ gclid: 'auth-2' })
    google.failNext('ingest', '401', 20)
    await run()
    await sleep(400)
    await run()
    const found = await rows()
    expect(found.map((row) => [row.status, row.failure_reason])).toEqual([
      ['pending', 'config'],
      ['pending', 'config'],
    ])
    const messages = await pg.sql`select distinct kind, message_key, audience from notifications where kind = 'conversions-config'`
    expect(messages).toEqual([
      { kind: 'conversions-config', message_key: `conversions-config:google:${new Date().toISOString().slice(0, 10)}`, audience: 'ops' },
    ])
    const said = JSON.stringify(channels.webhook)
    expect(said).toContain('docs/ad-conversions.md')
  })

  it("a refusal quoting what was sent: the row and ops keep the platform's words, never the click id, hash or user agent", async () => {
    await lead({ gclid: 'Cj0KCQ-quoted-gclid', fbclid: 'IwAR-quoted-fbclid' })
    const sent = (text: string) =>
      JSON.parse(text) as { events?: { adIdentifiers: unknown; userData: unknown }[]; data?: { user_data: unknown }[] }
    google.failNext('ingest', '400', 1, {
      body: (text) => ({
        error: {
          code: 400,
          status: 'INVALID_ARGUMENT',
          message: `Invalid value at 'events[0]' ${JSON.stringify(sent(text).events![0]!.adIdentifiers)} ${JSON.stringify(sent(text).events![0]!.userData)}`,
        },
      }),
    })
    meta.failNext('400', 1, {
      body: (text) => ({
        error: {
          code: 100,
          error_subcode: 2804050,
          type: 'OAuthException',
          message: `Invalid user_data ${JSON.stringify(sent(text).data![0]!.user_data)}`,
        },
      }),
    })
    await run()
    const kept = await pg.sql<{ platform: string; status: string; skip_reason: string; last_error: string }[]>`
      select platform, status, skip_reason, last_error from ad_conversions order by platform`
    expect(kept.map((row) => [row.platform, row.status, row.skip_reason])).toEqual([
      ['google', 'skipped', 'platform-refused'],
      ['meta', 'skipped', 'platform-refused'],
    ])
    const stored = kept.map((row) => row.last_error).join('\n')
    expect(stored).toContain('Invalid value at')
    expect(stored).toContain('[click id]')
    expect(stored).toContain('[hash]')
    for (const secret of ['quoted-gclid', 'quoted-fbclid', UA]) expect(stored).not.toContain(secret)
    expect(stored).not.toMatch(/[0-9a-f]{64}/)
  })

  it('a platform not configured: skipped "not-configured", nothing sent', async () => {
    await lead({ gclid: 'off-g', fbclid: 'off-m' })
    await run(bare)
    expect((await rows()).map((row) => [row.status, row.skip_reason])).toEqual([
      ['skipped', 'not-configured'],
      ['skipped', 'not-configured'],
    ])
    expect([google.requests.length, meta.requests.length]).toEqual([0, 0])
  })

  it('validate-only (trying Google safely): the event is checked, not used up; it goes out once the setting is unset', async () => {
    await lead({ gclid: 'tried' })
    await run(validating)
    expect(google.requests.filter((request) => request.endpoint === 'ingest').map((request) => request.status)).toEqual([200])
    expect(google.events.size).toBe(0)
    expect(await rows()).toMatchObject([{ status: 'pending', failure_reason: 'validate-only', attempts: 0 }])
    // GOOGLE_DM_VALIDATE_ONLY unset (this worker), the wait over: the event is recorded for real, once.
    await pg.sql`update ad_conversions set next_attempt_at = now()`
    await run()
    expect(await rows()).toMatchObject([{ status: 'sent' }])
    expect(google.events.size).toBe(1)
  })

  it('erased before it was sent: skipped, not sent with blanks', async () => {
    await lead({ gclid: 'erased' })
    await pg.sql`update leads set status = 'delivered', delivered_at = now() - interval '91 days'`
    await pg.sql`select * from purge_lead_personal_data()`
    await run()
    expect(await rows()).toMatchObject([{ status: 'skipped', skip_reason: 'record-erased' }])
    expect(google.requests).toHaveLength(0)
  })

  it("consent refused: a denied lead is reported nowhere; a registrant who refused later is not reported for the lead's click", async () => {
    await lead({ gclid: 'denied', fbclid: 'denied' }, { adUserData: 'denied' })
    const earlier = await lead({ gclid: 'granted-then-refused' })
    const [registration] = await pg.sql<{ id: string }[]>`
      insert into enterprise_registrations ${pg.sql({ ...validRegistration, submission_id: crypto.randomUUID() } as never)} returning id`
    // The registrant refused advertising when registering: capture keeps no click, only the consent.
    const refused = { ...attribution({}, 'denied'), clickAt: null, landingUrl: null }
    await pg.sql`update enterprise_registrations set stripe_invoice_id = 'in_refused', lead_submission_id = ${earlier.submissionId},
      attribution = ${pg.sql.json(refused)} where id = ${registration!.id}`
    await pg.sql`insert into stripe_webhook_events (event_id, type, registration_id, invoice_id, amount_paid, currency, invoice_paid_at, status)
      values ('evt_refused', 'invoice.paid', ${registration!.id}, 'in_refused', 354000, 'usd', now(), 'done')`
    await pg.sql`update stripe_webhook_events set outcome = 'paid' where event_id = 'evt_refused'`
    await run()
    const settled = await rows()
    expect(settled.filter((row) => row.status === 'skipped').map((row) => [row.platform, row.kind, row.skip_reason])).toEqual([
      ['google', 'lead', 'consent-denied'],
      ['meta', 'lead', 'consent-denied'],
      ['google', 'purchase', 'consent-denied'],
    ])
    // Only the earlier lead, given with consent, went out.
    expect([...google.events.keys()]).toEqual([`${GOOGLE_ACTIONS.lead}|lead:${earlier.submissionId}`])
    expect(meta.events).toHaveLength(0)
  })

  it('consent refused when registering survives the link to an earlier lead: the purchase is not reported for its click', async () => {
    await lead({ gclid: 'lent-click', fbclid: 'lent-click' })
    const [registration] = await pg.sql<{ id: string }[]>`
      insert into enterprise_registrations ${pg.sql({ ...validRegistration, email: 'ada@example.com', submission_id: crypto.randomUUID() } as never)}
      returning id`
    const refused = { ...attribution({}, 'denied'), clickAt: null, landingUrl: null }
    await pg.sql`update enterprise_registrations set stripe_invoice_id = 'in_linked', attribution = ${pg.sql.json(refused)}
      where id = ${registration!.id}`
    // The real link: the registrant confirms the address (enterprise-confirm calls this).
    expect(await pg.sql`select public.confirm_enterprise_registration(${registration!.id}) as said`).toEqual([{ said: 'confirmed' }])
    await pg.sql`insert into stripe_webhook_events (event_id, type, registration_id, invoice_id, amount_paid, currency, invoice_paid_at, status)
      values ('evt_linked', 'invoice.paid', ${registration!.id}, 'in_linked', 354000, 'usd', now(), 'done')`
    await pg.sql`update stripe_webhook_events set outcome = 'paid' where event_id = 'evt_linked'`
    await run()
    const purchases = (await rows()).filter((row) => row.kind === 'purchase')
    expect(purchases.map((row) => [row.platform, row.status, row.skip_reason])).toEqual([
      ['google', 'skipped', 'consent-denied'],
      ['meta', 'skipped', 'consent-denied'],
    ])
    expect([...google.events.keys()].filter((key) => key.includes('paid:'))).toEqual([])
    expect(meta.events.filter((event) => JSON.stringify(event).includes('paid:'))).toEqual([])
  })

  it('an unproven booking staff release to a lead (a match by e-mail, no signature) is never reported as its call', async () => {
    const matched = await lead({ gclid: 'vouched', fbclid: 'vouched' })
    // A plain link's booking by the lead's e-mail: anyone who knows the address can make one.
    await pg.sql`insert into lead_bookings (booking_uid, trigger_event, possible_lead_id, board_item_id, item_key, start_time, organizer,
      attendee_name, attendee_email, note) values ('vouched-call', 'BOOKING_CREATED', ${matched.id}, 'item-vouched', 'booking:vouched-call',
      now(), 'Grace', 'Ada', 'ada@example.com', '')`
    expect(await pg.sql`select public.record_staff_decision('booking', 'item-vouched', 'release') as said`).toEqual([{ said: 'released' }])
    expect(await pg.sql`select lead_id::text from lead_bookings where booking_uid = 'vouched-call'`).toEqual([{ lead_id: matched.id }])
    // Staff called the lead not genuine and then released it: it becomes genuine again, its proven calls with it.
    await pg.sql`select public.record_staff_decision('lead', ${matched.id}, 'not-genuine')`
    await pg.sql`select public.record_staff_decision('lead', ${matched.id}, 'release', now() + interval '1 second')`
    await run()
    expect((await rows()).map((row) => [row.platform, row.kind, row.status])).toEqual([
      ['google', 'lead', 'sent'],
      ['meta', 'lead', 'sent'],
    ])
  })

  it('called not genuine by staff while it waited: the lead and its call are skipped "not-genuine", nothing sent', async () => {
    const judged = await lead({ gclid: 'judged', fbclid: 'judged' })
    await pg.sql`insert into lead_bookings (booking_uid, trigger_event, lead_id, item_key, start_time, organizer, attendee_name,
      attendee_email, note) values ('judged-call', 'BOOKING_CREATED', ${judged.id}, 'booking:judged-call', now(), 'Grace', 'Ada',
      'ada@example.com', '')`
    // Queued while genuine (a platform was down or misconfigured); staff mark it on the board before the send.
    expect(await pg.sql`select public.record_staff_decision('lead', ${judged.id}, 'not-genuine') as said`).toEqual([{ said: 'rejected' }])
    await run()
    expect((await rows()).map((row) => [row.platform, row.kind, row.status, row.skip_reason])).toEqual([
      ['google', 'lead', 'skipped', 'not-genuine'],
      ['meta', 'lead', 'skipped', 'not-genuine'],
      ['google', 'call', 'skipped', 'not-genuine'],
      ['meta', 'call', 'skipped', 'not-genuine'],
    ])
    expect([google.events.size, meta.events.length]).toEqual([0, 0])
  })

  it('the table is closed to the API roles, and holds no personal data', async () => {
    const [row] = await pg.sql`
      select relrowsecurity as rls,
             has_table_privilege('anon', 'public.ad_conversions', 'select, insert, update, delete') as anon,
             has_table_privilege('authenticated', 'public.ad_conversions', 'select, insert, update, delete') as authenticated
      from pg_class where oid = 'public.ad_conversions'::regclass`
    expect(row).toEqual({ rls: true, anon: false, authenticated: false })
    await lead({ gclid: 'private', fbclid: 'private' })
    const stored = JSON.stringify(await pg.sql`select * from ad_conversions`)
    for (const personal of ['ada@example.com', 'Ada', '0422470721', 'private', 'vet reviews']) expect(stored).not.toContain(personal)
  })
})
