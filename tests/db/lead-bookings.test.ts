import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { pgBookingStore } from '../../supabase/functions/_shared/bookings/pg-booking-store.ts'
import type { Booking } from '../../supabase/functions/_shared/bookings/cal-event.ts'

let pg: PgCluster

beforeAll(async () => {
  pg = await startPgCluster()
}, 60_000)
afterAll(() => pg?.stop())
beforeEach(async () => {
  await pg.sql`delete from leads`
  await pg.sql`delete from lead_bookings`
})

const person = { locations: '1', name: 'Ada Lovelace', phone: '0422470721', email: 'ada@example.com', business: '1 St', note: '' }

async function seed(status: 'delivered' | 'spam', ageDays: number) {
  const [lead] = await pg.sql<{ id: string }[]>`
    insert into leads (submission_id, status, lead, tracking, source, board_item_id, created_at, delivered_at)
    values (gen_random_uuid(), ${status}, ${pg.sql.json(person)}, '{}', ${pg.sql.json({ path: '/', label: 'Homepage' })},
            ${status === 'delivered' ? '42' : null}, now() - make_interval(days => ${ageDays}),
            ${status === 'delivered' ? pg.sql`now() - make_interval(days => ${ageDays})` : null})
    returning id`
  await pg.sql`
    insert into lead_bookings (booking_uid, trigger_event, lead_id, item_key, start_time, organizer, attendee_name, attendee_email, note)
    values (${`uid-${lead!.id}`}, 'BOOKING_CREATED', ${lead!.id}, ${`booking:uid-${lead!.id}`}, now(), 'Grace Hopper', 'Ada Lovelace',
      'ada@example.com', '<p>…</p>')`
  return lead!.id
}

describe('lead_bookings on PostgreSQL', () => {
  it('one row per booking and trigger event', async () => {
    const id = await seed('delivered', 1)
    await expect(
      pg.sql`insert into lead_bookings (booking_uid, trigger_event, lead_id, item_key, start_time, organizer, attendee_name, attendee_email, note)
             values (${`uid-${id}`}, 'BOOKING_CREATED', ${id}, 'k', now(), 'x', 'x', 'x', 'x')`,
    ).rejects.toThrow(/duplicate key/)
  })

  it('takes an outcome only from the current claim: a lapsed claimant changes nothing', async () => {
    const id = await seed('delivered', 1)
    const store = pgBookingStore(pg.sql)
    const lapsed = await store.claimNext(10_000)
    expect(lapsed).toMatchObject({ leadId: String(id), claimToken: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(await store.claimNext(10_000)).toBeUndefined()
    await pg.sql`update lead_bookings set claimed_until = now() - interval '1 second' where lead_id = ${id}`
    const current = await store.claimNext(10_000)
    expect(current!.claimToken).not.toBe(lapsed!.claimToken)

    expect(await store.recordItem(lapsed!, '99')).toBe(false)
    expect(await store.retryLater(lapsed!, { reason: 'timeout', detail: 'late failure' }, new Date())).toBe(false)
    expect(await store.recordItem(current!, '42')).toBe(true)
    expect(await store.done(current!, {})).toBe(true)
    expect(await store.done(lapsed!, {})).toBe(false)
    const [row] = await pg.sql`select status, board_item_id, last_error, claim_token from lead_bookings where lead_id = ${id}`
    expect(row).toEqual({ status: 'sent', board_item_id: '42', last_error: null, claim_token: null })
  })

  it("follows the lead's retention: erased with an anonymised lead; a deleted spam lead leaves its booking, erased", async () => {
    const old = await seed('delivered', 120)
    const recent = await seed('delivered', 1)
    const spam = await seed('spam', 40)
    await pg.sql`select * from purge_lead_personal_data()`
    expect((await pg.sql`select id from leads where id = ${spam}`).length).toBe(0)
    const rows = await pg.sql<{ lead_id: string; attendee_name: string; attendee_email: string; status: string }[]>`
      select lead_id, attendee_name, attendee_email, status from lead_bookings order by lead_id`
    expect(rows).toEqual([
      { lead_id: old, attendee_name: '', attendee_email: '', status: 'pending' },
      { lead_id: recent, attendee_name: 'Ada Lovelace', attendee_email: 'ada@example.com', status: 'pending' },
      { lead_id: spam, attendee_name: '', attendee_email: '', status: 'pending' },
    ])
  })

  it('each recorded event is an outbox item, pending until the worker settles it', async () => {
    const id = await seed('delivered', 1)
    const [row] = await pg.sql<{ status: string; attempts: number; claim_token: string | null; item_key: string }[]>`
      select status, attempts, claim_token, item_key from lead_bookings where lead_id = ${id}`
    expect(row).toEqual({ status: 'pending', attempts: 0, claim_token: null, item_key: `booking:uid-${id}` })
    await expect(pg.sql`update lead_bookings set status = 'held' where lead_id = ${id}`).rejects.toThrow(/lead_bookings_status_check/)
  })

  it('records a booking against a lead only by its proven reference; an e-mail or an unsigned reference is a possible match, and no status changes', async () => {
    const genuine = await seed('delivered', 1)
    const spam = await seed('spam', 1)
    const [ref] = await pg.sql<{ submission_id: string }[]>`select submission_id from leads where id = ${spam}`
    const store = pgBookingStore(pg.sql)
    const booking = (uid: string, extra: Partial<Booking> = {}): Booking => ({
      uid,
      event: 'BOOKING_CREATED',
      previousUid: null,
      claimedRef: null,
      claimedSig: null,
      startTime: new Date(),
      organizer: 'Grace Hopper',
      attendeeName: 'Ada Lovelace',
      attendeeEmail: 'ADA@example.com',
      attendeePhone: '',
      note: '<p>…</p>',
      cancellationReason: '',
      ...extra,
    })
    // Same e-mail: the genuine lead is the possible match (ahead of the spam one), and nothing is tied.
    expect(await store.record(booking('by-email'), null)).toMatchObject({ leadId: null, possibleLeadId: genuine })
    // The link names the spam lead without a valid signature: that lead is the possible match.
    expect(await store.record(booking('by-ref', { claimedRef: ref!.submission_id }), null)).toMatchObject({
      leadId: null,
      possibleLeadId: spam,
    })
    // Proven (cal-webhook verified the signature): tied, and the spam lead stays spam.
    expect(await store.record(booking('proven', { claimedRef: ref!.submission_id }), ref!.submission_id)).toMatchObject({
      leadId: spam,
      possibleLeadId: null,
    })
    // A cancellation of the unproven booking keeps its first event's standing, whatever it names.
    const cancel = booking('by-email', { event: 'BOOKING_CANCELLED', claimedRef: ref!.submission_id })
    expect(await store.record(cancel, ref!.submission_id)).toMatchObject({ leadId: null, possibleLeadId: genuine })
    const statuses = await pg.sql<{ id: string; status: string }[]>`select id, status from leads order by id`
    expect(statuses).toEqual([
      { id: genuine, status: 'delivered' },
      { id: spam, status: 'spam' },
    ])
    expect(await store.review({ possibleLeadId: genuine, attendeeEmail: 'ada@EXAMPLE.com' })).toEqual({
      possible: { status: 'delivered', boardItemId: '42', spamReason: null, name: 'Ada Lovelace' },
      flaggedSameEmail: { spamReason: null },
    })
  })

  it("an unproven booking's attendee details follow the retention of its possible lead", async () => {
    const [lead] = await pg.sql<{ id: string }[]>`
      insert into leads (submission_id, status, lead, tracking, source, created_at)
      values (gen_random_uuid(), 'pending', ${pg.sql.json(person)}, '{}', ${pg.sql.json({ path: '/', label: 'Homepage' })}, now() - interval '120 days')
      returning id`
    await pg.sql`
      insert into lead_bookings (booking_uid, trigger_event, possible_lead_id, item_key, start_time, organizer, attendee_name, attendee_email, attendee_phone, note)
      values ('unproven', 'BOOKING_CREATED', ${lead!.id}, 'booking:unproven', now(), 'Grace Hopper', 'Ada Lovelace', 'ada@example.com', '0422470721', '<p>…</p>')`
    await pg.sql`update leads set anonymised_at = now() where id = ${lead!.id}`
    const [row] = await pg.sql`select attendee_name, attendee_email, attendee_phone from lead_bookings where booking_uid = 'unproven'`
    expect(row).toEqual({ attendee_name: '', attendee_email: '', attendee_phone: '' })
  })

  it('anon and authenticated can neither read nor write it', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(pg.asRole(role, (tx) => tx`select * from lead_bookings`)).rejects.toThrow(/permission denied/)
    }
  })
})
