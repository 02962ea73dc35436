import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { register } from '../support/enterprise-followup'
import { validRegistration } from '../support/enterprise-row'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { createVaultSecrets } from '../support/pg-net'

// 20261202050000_attribution.sql: a registration is linked to an earlier lead by the same e-mail only
// once the registrant confirmed it; a proven booking inherits its lead's attribution; the nightly
// erasure takes attribution off all three tables with the rest of the lead's personal data.
let pg: PgCluster
beforeAll(async () => {
  pg = await startPgCluster()
  await createVaultSecrets(pg.sql)
}, 60_000)
afterAll(() => pg?.stop())
beforeEach(async () => {
  await pg.sql`truncate leads, lead_bookings, enterprise_registrations, enterprise_registration_days, enterprise_confirm_requests`
})

const consent = {
  asked: false,
  source: 'not-asked',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
}
const clicked = (gclid: string) => ({
  platform: 'google',
  keyword: 'vet',
  clickIds: { gclid },
  clickAt: 1_790_000_000_000,
  landingUrl: 'https://site.test/vet',
  consent,
})
const noClick = { platform: '', keyword: '', clickIds: {}, clickAt: null, landingUrl: null, consent }

async function lead(
  email: string,
  attribution: unknown,
  { status = 'delivered', ageDays = 1, verified = null as boolean | null, decision = null as string | null } = {},
) {
  const [row] = await pg.sql<{ id: string; submission_id: string }[]>`
    insert into leads (submission_id, status, lead, tracking, source, attribution, created_at, delivered_at, verified, staff_decision)
    values (gen_random_uuid(), ${status}, ${pg.sql.json({ name: 'Ada', email, phone: '0422470721', business: '1 St', locations: '1', note: '' })},
            ${pg.sql.json({ platform: 'google', keyword: 'vet' })}, ${pg.sql.json({ path: '/vet', label: 'Vet' })},
            ${attribution === null ? null : pg.sql.json(attribution as never)},
            now() - make_interval(days => ${ageDays}), ${status === 'delivered' ? pg.sql`now() - make_interval(days => ${ageDays})` : null},
            ${verified}, ${decision})
    returning id, submission_id`
  return row!
}
const registration = async (email: string, attribution: unknown = null) => {
  const id = await register(pg.sql, { email })
  if (attribution) await pg.sql`update enterprise_registrations set attribution = ${pg.sql.json(attribution as never)} where id = ${id}`
  return id
}
const confirm = async (id: string) => (await pg.sql<{ r: string }[]>`select public.confirm_enterprise_registration(${id}) as r`)[0]!.r
const linkOf = async (id: string) =>
  (
    await pg.sql<{ lead_submission_id: string | null; attribution: unknown }[]>`
    select lead_submission_id, attribution from enterprise_registrations where id = ${id}`
  )[0]!

describe('a registration is linked to the lead before it by the same confirmed e-mail', () => {
  it('links on confirmation to the latest earlier lead (any case of the address) and inherits its click', async () => {
    await lead('ada@example.com', clicked('older'), { ageDays: 3 })
    const latest = await lead('Ada@Example.com', clicked('latest'))
    const id = await registration(' ada@example.com'.trim())
    expect(await linkOf(id)).toEqual({ lead_submission_id: null, attribution: null })
    expect(await confirm(id)).toBe('confirmed')
    expect(await linkOf(id)).toEqual({ lead_submission_id: latest.submission_id, attribution: clicked('latest') })
  })

  it('never on an unconfirmed address: before the registrant confirms, nothing links (not even when asked directly)', async () => {
    await lead(validRegistration.email, clicked('victim'))
    const id = await registration(validRegistration.email)
    expect((await pg.sql<{ l: string | null }[]>`select public.link_registration_to_lead(${id}) as l`)[0]!.l).toBeNull()
    expect(await linkOf(id)).toEqual({ lead_submission_id: null, attribution: null })
  })

  it('keeps a registration’s own click, inherits over one without a click, and links no spam, later or other lead', async () => {
    const earlier = await lead('own@example.com', clicked('lead'))
    const own = await registration('own@example.com', clicked('own'))
    await confirm(own)
    expect(await linkOf(own)).toEqual({ lead_submission_id: earlier.submission_id, attribution: clicked('own') })

    const plain = await lead('plain@example.com', clicked('lead2'))
    const without = await registration('plain@example.com', noClick)
    await confirm(without)
    expect(await linkOf(without)).toEqual({ lead_submission_id: plain.submission_id, attribution: clicked('lead2') })

    await lead('spam@example.com', clicked('bot'), { status: 'spam' })
    const spam = await registration('spam@example.com')
    await confirm(spam)
    expect(await linkOf(spam)).toEqual({ lead_submission_id: null, attribution: null })

    const first = await registration('later@example.com')
    await lead('later@example.com', clicked('after'), { ageDays: 0 })
    await pg.sql`update leads set created_at = now() + interval '1 minute' where lead ->> 'email' = 'later@example.com'`
    await confirm(first)
    expect(await linkOf(first)).toEqual({ lead_submission_id: null, attribution: null })
  })

  it('never to a bot’s lead (Turnstile failed) or one staff called not genuine: its click is not the customer’s', async () => {
    // Anyone can post a lead with a customer's address and a click id; only a genuine one may lend its click.
    const genuine = await lead('target@example.com', clicked('genuine'), { ageDays: 5, verified: true })
    await lead('target@example.com', clicked('bot'), { ageDays: 2, verified: false })
    await lead('target@example.com', clicked('judged'), { ageDays: 1, verified: true, decision: 'not-genuine' })
    const id = await registration('target@example.com', noClick)
    await confirm(id)
    expect(await linkOf(id)).toEqual({ lead_submission_id: genuine.submission_id, attribution: clicked('genuine') })

    await lead('only-bot@example.com', clicked('bot'), { verified: false })
    const alone = await registration('only-bot@example.com')
    await confirm(alone)
    expect(await linkOf(alone)).toEqual({ lead_submission_id: null, attribution: null })
  })
})

describe('bookings and erasure', () => {
  const booking = async (uid: string, leadId: string | null, possible: string | null = null, ageDays = 0) =>
    pg.sql`
      insert into lead_bookings (booking_uid, trigger_event, lead_id, possible_lead_id, item_key, start_time, organizer,
                                 attendee_name, attendee_email, note, created_at)
      values (${uid}, 'BOOKING_CREATED', ${leadId}, ${possible}, ${`booking:${uid}`}, now(), 'Grace', 'Ada', 'ada@example.com', '',
              now() - make_interval(days => ${ageDays}))`
  const bookingAttribution = async (uid: string) =>
    (await pg.sql<{ attribution: unknown }[]>`select attribution from lead_bookings where booking_uid = ${uid}`)[0]!.attribution

  it('a proven booking inherits its lead’s attribution; a possible lead’s booking does not', async () => {
    const { id } = await lead('ada@example.com', clicked('abc'))
    await booking('proven', id)
    await booking('unproven', null, id)
    expect(await bookingAttribution('proven')).toEqual(clicked('abc'))
    expect(await bookingAttribution('unproven')).toBeNull()
  })

  it('the 90-day erasure takes the attribution off leads, their bookings, registrations and bookings past retention', async () => {
    const old = await lead('old@example.com', clicked('old'), { ageDays: 91 })
    const recent = await lead('new@example.com', clicked('new'), { ageDays: 10 })
    await booking('old', old.id)
    await booking('recent', recent.id)
    await booking('stray-old', null, null, 91)
    await pg.sql`update lead_bookings set attribution = ${pg.sql.json(clicked('stray'))} where booking_uid = 'stray-old'`
    const oldRegistration = await registration('old@example.com', clicked('reg-old'))
    await pg.sql`update enterprise_registrations set created_at = now() - interval '91 days' where id = ${oldRegistration}`
    const newRegistration = await registration('new@example.com', clicked('reg-new'))

    await pg.sql`select * from purge_lead_personal_data()`

    const leads = await pg.sql<{ id: string; attribution: unknown }[]>`select id, attribution from leads order by id`
    expect(leads).toEqual([
      { id: old.id, attribution: null },
      { id: recent.id, attribution: clicked('new') },
    ])
    expect(await bookingAttribution('old')).toBeNull()
    expect(await bookingAttribution('stray-old')).toBeNull()
    expect(await bookingAttribution('recent')).toEqual(clicked('new'))
    expect((await linkOf(oldRegistration)).attribution).toBeNull()
    expect((await linkOf(newRegistration)).attribution).toEqual(clicked('reg-new'))
  })

  it('a click a registration inherited from its lead is erased with that lead, not 90 days after the registration', async () => {
    const erased = await lead('lent@example.com', clicked('lent'), { ageDays: 91 })
    const inherited = await registration('lent@example.com', noClick)
    await confirm(inherited)
    expect(await linkOf(inherited)).toEqual({ lead_submission_id: erased.submission_id, attribution: clicked('lent') })
    const kept = await lead('own-click@example.com', clicked('lead-own'), { ageDays: 91 })
    const own = await registration('own-click@example.com', clicked('registration-own'))
    await confirm(own)

    await pg.sql`select * from purge_lead_personal_data()`

    // The lead is anonymised: its click lives on nowhere. The registrant's own click is theirs (90 days from the registration).
    expect(await pg.sql`select attribution from leads where id in (${erased.id}, ${kept.id})`).toEqual([
      { attribution: null },
      { attribution: null },
    ])
    expect((await linkOf(inherited)).attribution).toBeNull()
    expect(await linkOf(own)).toEqual({ lead_submission_id: kept.submission_id, attribution: clicked('registration-own') })
  })

  it('refuses an attribution that is not an object or is oversized', async () => {
    await expect(lead('x@example.com', ['gclid'])).rejects.toThrow(/leads_attribution_check/)
    await expect(lead('y@example.com', { junk: 'x'.repeat(5000) })).rejects.toThrow(/leads_attribution_check/)
  })
})
