import { beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { pipelineEnv } from './support'
import { calBody, calStack } from './cal-stack'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 42 points 2 and 3 together: a booking that matched a lead only by its e-mail sits on its
// own item in 'Needs a look'; a person sets 'Release' there (board-webhook, on its secret path) and
// the booking becomes the possible lead's, once: webhook-events links and re-queues it, then writes
// it on the lead's item as a proven booking. Each test failed on the code before: a release of a
// booking only recorded the decision.
const stack = calStack()
const { person, postLead, run, work, deliver, bookingUpdates, updatesOn, deliveredItem, bookingRows, bookingItems } = stack
const PATH_SECRET = 'b0ard-path-s3cret-for-bookings'
let webhook: DenoFunction

beforeAll(async () => {
  webhook = await startFunction('board-webhook', {
    ...pipelineEnv(stack.pg.url, stack.board.url),
    MONDAY_WEBHOOK_PATH_SECRET: PATH_SECRET,
  })
  stack.board.addUser('4012689', 'Grace Hopper')
}, 60_000)
afterAll(async () => webhook?.stop())
beforeEach(async () => {
  await stack.pg.sql`truncate board_decision_events`
})

let changes = 0
/** A change of the item's decision column as monday posts it; `at` is when the person made it. */
function decide(itemId: string, label: string, at = Date.now() + ++changes * 1000, uuid: string = crypto.randomUUID()) {
  return JSON.stringify({
    event: {
      type: 'update_column_value',
      boardId: 123,
      pulseId: Number(itemId),
      columnId: 'decision',
      columnType: 'color',
      value: { label: { index: 1, text: label } },
      userId: 4012689,
      changedAt: at / 1000,
      triggerTime: new Date(at).toISOString(),
      triggerUuid: uuid,
    },
  })
}
async function post(body: string) {
  const res = await fetchWithin(`${webhook.url}/board-webhook/${PATH_SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    within: 10_000,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
/** One webhook-events run: bookings first, then decisions (so a released booking is written on the next run). */
const workAll = async () => (await run('webhook-events')) as { bookings: Record<string, number>; decisions: Record<string, number> }
const outcomes = async () =>
  (await stack.pg.sql<{ outcome: string }[]>`select outcome from board_decision_events order by id`).map((r) => r.outcome)
const releaseNotes = (itemId: string) => updatesOn(itemId).filter((body) => body.includes('<strong>Released</strong>'))
const paged = () => stack.channels.webhook.filter((message) => message.text.startsWith('Booking not on the board'))

/** A genuine lead on the board, and a booking with its e-mail but no signed reference: its own item in 'Needs a look'. */
async function unprovenBooking(name: string, email: string, uid = crypto.randomUUID()) {
  const lead = person(name, email)
  await postLead(lead)
  const leadItem = await deliveredItem(lead.submissionId)
  expect(
    (await deliver(calBody('BOOKING_CREATED', { uid, name: `${name} Booker`, email: email.toUpperCase(), notes: 'Call me' }))).status,
  ).toBe(202)
  expect(await work()).toMatchObject({ done: 1 })
  const [own] = bookingItems(`${name} Booker`)
  expect(own![1].name).toBe(`Unproven booking — Booking: ${name} Booker`)
  expect(bookingUpdates(leadItem)).toEqual([])
  const [found] = await stack.pg.sql<{ id: string }[]>`select id from leads where submission_id = ${lead.submissionId}`
  return { leadItem, ownItem: own![0], leadId: String(found!.id), uid }
}

describe("'Release' on an unproven booking's item (deno, PostgreSQL, fake board)", () => {
  it("writes the call on the possible lead's item once, notes its own item once; a replay and a second 'Release' do nothing more; its cancellation follows the lead", async () => {
    const { leadItem, ownItem, leadId, uid } = await unprovenBooking('Rita Real', 'rita@example.com')
    const body = decide(ownItem, 'Release')
    expect(await post(body)).toMatchObject({ status: 202 })
    expect((await workAll()).decisions).toMatchObject({ done: 1 })
    expect(await work()).toMatchObject({ done: 1 })

    expect(bookingUpdates(leadItem)).toHaveLength(1)
    expect(bookingUpdates(leadItem)[0]).toContain('Call me')
    expect(stack.board.columnsOf.get(leadItem)).toMatchObject({ call_status: { label: 'Booked' } })
    expect(releaseNotes(ownItem)).toHaveLength(1)
    expect(releaseNotes(ownItem)[0]).toContain(
      `Released to the lead Rita Real, <a href="https://agency.monday.com/boards/123/pulses/${leadItem}">`,
    )
    expect(await bookingRows()).toEqual([
      expect.objectContaining({
        lead_id: leadId,
        review_item_id: ownItem,
        board_item_id: leadItem,
        status: 'sent',
        staff_decision: 'release',
      }),
    ])

    // monday's retry of the same event, and a second 'Release' later: recorded, nothing more is sent.
    expect(await post(body)).toMatchObject({ status: 200, body: { duplicate: true } })
    expect(await post(decide(ownItem, 'Release'))).toMatchObject({ status: 202 })
    expect((await workAll()).decisions).toMatchObject({ done: 1 })
    expect(await work()).toMatchObject({ done: 0 })
    expect(await outcomes()).toEqual(['released', 'repeat'])
    expect(bookingUpdates(leadItem)).toHaveLength(1)
    expect(releaseNotes(ownItem)).toHaveLength(1)
    expect(paged()).toEqual([])

    // The attendee cancels: the change goes on the lead it was released to, not on its own item.
    const ownNotes = updatesOn(ownItem).length
    await deliver(calBody('BOOKING_CANCELLED', { uid, name: 'Rita Real Booker', email: 'rita@example.com', cancellationReason: 'Busy' }))
    expect(await work()).toMatchObject({ done: 1 })
    expect(stack.board.columnsOf.get(leadItem)).toMatchObject({ call_status: { label: 'Cancelled' } })
    expect(bookingUpdates(leadItem)).toHaveLength(2)
    expect(updatesOn(ownItem)).toHaveLength(ownNotes)
  }, 60_000)

  it('pages sales once when the released booking cannot reach the board, as a proven booking does', async () => {
    const { ownItem } = await unprovenBooking('Paula Paged', 'paula@example.com')
    await post(decide(ownItem, 'Release'))
    expect((await workAll()).decisions).toMatchObject({ done: 1 })
    stack.board.fail('create_update', 'http-500', 'http-500', 'http-500')
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ failed: 1 })
    expect(await work()).toMatchObject({ failed: 0 })
    expect(paged()).toHaveLength(1)
    expect(paged()[0]!.text).toContain('Paula Paged Booker')
  }, 60_000)

  it("'Not genuine' changes nothing of the lead; an older 'Release' that arrives late does not undo it", async () => {
    const { leadItem, ownItem } = await unprovenBooking('Nora Noted', 'nora@example.com')
    const at = Date.now()
    await post(decide(ownItem, 'Not genuine', at + 5_000))
    await post(decide(ownItem, 'Release', at))
    expect((await workAll()).decisions).toMatchObject({ done: 2 })
    expect(await work()).toMatchObject({ done: 0 })
    expect(await outcomes()).toEqual(['rejected', 'stale'])
    expect(bookingUpdates(leadItem)).toEqual([])
    expect(stack.board.columnsOf.get(leadItem)?.call_status).toBeUndefined()
    expect(updatesOn(ownItem).filter((note) => note.includes('<strong>Not genuine</strong>'))).toHaveLength(1)
    expect(releaseNotes(ownItem)).toEqual([])
    expect(await bookingRows()).toEqual([expect.objectContaining({ lead_id: null, review_item_id: null, staff_decision: 'not-genuine' })])
  }, 60_000)

  it("a booking with no lead to attach to: 'Release' records it and adds one note saying so, nothing else", async () => {
    await deliver(calBody('BOOKING_CREATED', { name: 'Walter Walkin', email: 'walter@example.com' }))
    expect(await work()).toMatchObject({ done: 1 })
    const [own] = bookingItems('Walter Walkin')
    const before = stack.board.requests.length
    const body = decide(own![0], 'Release')
    await post(body)
    expect((await workAll()).decisions).toMatchObject({ done: 1 })
    expect(await work()).toMatchObject({ done: 0 })
    await post(decide(own![0], 'Release'))
    await workAll()
    expect(releaseNotes(own![0])).toHaveLength(1)
    expect(releaseNotes(own![0])[0]).toContain('There is no lead to attach this booking to')
    const calls = stack.board.requests.slice(before).map((r) => r.operation)
    expect(calls).not.toContain('change_columns')
    expect(await bookingRows()).toEqual([expect.objectContaining({ lead_id: null, status: 'sent', staff_decision: 'release' })])
  }, 60_000)
})
