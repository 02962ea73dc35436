import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

// 20261201060000_booking_release.sql: 'Release' on an unproven booking ties it to its possible lead,
// once, and re-queues its events; never to a lead flagged as spam; an older decision changes nothing.
type Row = { lead_id: string | null; board_item_id: string | null; review_item_id: string | null; status: string; attempts: number }

describe('release of an unproven booking (PostgreSQL)', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPgCluster()
  }, 60_000)
  afterAll(() => pg?.stop())
  beforeEach(async () => {
    await pg.sql`truncate leads, lead_bookings`
  })

  const lead = async (status = 'delivered') => {
    const [row] = await pg.sql<{ id: string }[]>`
      insert into leads ${pg.sql({
        submission_id: crypto.randomUUID(),
        status,
        lead: { name: 'Rita Real' },
        tracking: {},
        source: {},
        board_item_id: status === 'spam' ? null : '900',
      } as never)}
      returning id`
    return String(row!.id)
  }
  /** A booking worked onto its own item '700' (sent), and its cancellation not worked yet. */
  const booking = async (possibleLeadId: string | null) => {
    await pg.sql`
      insert into lead_bookings (booking_uid, trigger_event, item_key, start_time, organizer, attendee_name, attendee_email, note,
        board_item_id, possible_lead_id, status, attempts)
      values ('b1', 'BOOKING_CREATED', 'booking:b1', now(), 'Grace', 'Rita', 'rita@example.com', '', '700', ${possibleLeadId}, 'sent', 2),
             ('b1', 'BOOKING_CANCELLED', 'booking:b1', now(), 'Grace', 'Rita', 'rita@example.com', '', null, ${possibleLeadId}, 'pending', 0)`
  }
  const decide = async (decision: string, at: Date) =>
    (await pg.sql<{ outcome: string }[]>`select record_staff_decision('booking', '700', ${decision}, ${at}) as outcome`)[0]!.outcome
  const rows = () => pg.sql<Row[]>`select lead_id, board_item_id, review_item_id, status, attempts from lead_bookings order by id`
  const subject = async () => (await pg.sql`select * from board_item_subject('700')`)[0]

  it("links every event of the booking to its possible lead once and re-queues them; the item still finds it; 'Not genuine' after does not unlink", async () => {
    const leadId = await lead()
    await booking(leadId)
    const t = Date.now()
    expect(await decide('release', new Date(t))).toBe('released')
    expect(await rows()).toEqual([
      { lead_id: leadId, board_item_id: null, review_item_id: '700', status: 'pending', attempts: 0 },
      { lead_id: leadId, board_item_id: null, review_item_id: null, status: 'pending', attempts: 0 },
    ])
    expect(await subject()).toEqual({ kind: 'booking', id: '700' })
    await pg.sql`update lead_bookings set status = 'sent', board_item_id = '900'`
    expect(await decide('release', new Date(t + 1000))).toBe('repeat')
    expect(await decide('not-genuine', new Date(t + 2000))).toBe('rejected')
    expect(await decide('release', new Date(t + 3000))).toBe('released')
    expect((await rows()).map((row) => [row.lead_id, row.status])).toEqual([
      [leadId, 'sent'],
      [leadId, 'sent'],
    ])
  })

  it("an older 'Release' than the 'Not genuine' that stands links nothing", async () => {
    await booking(await lead())
    expect(await decide('not-genuine', new Date())).toBe('rejected')
    expect(await decide('release', new Date(Date.now() - 60_000))).toBe('stale')
    expect((await rows()).map((row) => row.lead_id)).toEqual([null, null])
  })

  it('a possible lead flagged as spam, or none: the release is recorded and nothing is linked or re-queued', async () => {
    await booking(await lead('spam'))
    expect(await decide('release', new Date())).toBe('released')
    expect((await rows()).map((row) => [row.lead_id, row.status])).toEqual([
      [null, 'sent'],
      [null, 'pending'],
    ])
    await pg.sql`truncate lead_bookings`
    await booking(null)
    expect(await decide('release', new Date())).toBe('released')
    expect((await rows()).map((row) => [row.lead_id, row.review_item_id])).toEqual([
      [null, null],
      [null, null],
    ])
  })
})
