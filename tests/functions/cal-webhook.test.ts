import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { webhookEventFigures } from '../../supabase/functions/_shared/bookings/webhook-figures.ts'
import { CAL_SECRET, calBody, calStack } from './cal-stack'

// The calendar's signed webhooks under Deno, on a real PostgreSQL, with the fake board on 127.0.0.1:
// cal-webhook records each event, webhook-events (the worker) puts its update on the board. A lead's
// booking carries the reference the leads function signed (booking-proof.test.ts: without it).
const stack = calStack()
const { person, postLead, signedLead, run, work, deliver, updatesOn, bookingUpdates, itemOf, bookingRows, bookingItems, deliveredItem } =
  stack

describe('cal-webhook and webhook-events (deno, PostgreSQL, fake board)', () => {
  it('a signed BOOKING_CREATED is recorded and answered at once; the worker adds one update to the lead item; a replay adds none', async () => {
    const lead = person('Ada Lovelace', 'ada@example.com')
    const link = await signedLead(lead)
    const itemId = await deliveredItem(lead.submissionId)

    const body = calBody('BOOKING_CREATED', link)
    expect(await deliver(body)).toEqual({ status: 202, body: { recorded: true } })
    // No outside call in the webhook itself: the update waits for the worker.
    expect(bookingUpdates(itemId)).toEqual([])
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })])
    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(bookingUpdates(itemId)).toEqual(['<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>'])

    expect(await deliver(body)).toEqual({ status: 200, body: { duplicate: true } })
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'sent', board_item_id: itemId, attempts: 1 })])
  }, 30_000)

  it('a forged or missing signature gets 401 and changes nothing', async () => {
    const body = calBody('BOOKING_CREATED')
    const before = stack.board.requests.length
    expect((await deliver(body, createHmac('sha256', 'not-the-secret').update(body).digest('hex'))).status).toBe(401)
    expect((await deliver(body, '')).status).toBe(401)
    expect((await deliver(body.replace('Ada', 'Eve'), createHmac('sha256', CAL_SECRET).update(body).digest('hex'))).status).toBe(401)
    expect(stack.board.requests.length).toBe(before)
    expect(await bookingRows()).toHaveLength(0)
  }, 30_000)

  it('a reschedule and a cancellation add their own updates, in order', async () => {
    const lead = person('Ada Lovelace', 'ada@example.com')
    const link = await signedLead(lead)
    const itemId = await deliveredItem(lead.submissionId)
    const uid = crypto.randomUUID()
    await deliver(calBody('BOOKING_CREATED', { uid, ...link }))
    await deliver(calBody('BOOKING_RESCHEDULED', { uid, ...link, start: '2026-11-27T03:30:00.000Z' }))
    expect((await deliver(calBody('BOOKING_CANCELLED', { uid, ...link, start: '2026-11-27T03:30:00.000Z' }))).status).toBe(202)
    expect(await work()).toMatchObject({ claimed: 3, done: 3 })
    expect(bookingUpdates(itemId)).toEqual([
      '<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>',
      '<p>Strategy call moved to Fri 27 Nov 2026, 2:30 pm AEDT with Grace Hopper</p>',
      '<p>Strategy call cancelled (was Fri 27 Nov 2026, 2:30 pm AEDT with Grace Hopper)</p>',
    ])
  }, 30_000)

  it('a booking for a lead still pending waits, using up no attempt, and goes out once the lead is delivered', async () => {
    stack.board.fail('create_item', 'http-500')
    const lead = person('Mary Jackson', 'mary@example.com')
    const answer = await postLead(lead)
    expect(answer).toMatchObject({ id: lead.submissionId, status: 'queued', booking: { ref: lead.submissionId } })
    expect(await itemOf(lead.submissionId)).toBeUndefined()

    const updates = () => stack.board.requests.filter((r) => r.operation === 'create_update').length
    const before = updates()
    expect(
      (await deliver(calBody('BOOKING_CREATED', { submissionId: lead.submissionId, sig: answer.booking!.sig, email: 'mary@example.com' })))
        .status,
    ).toBe(202)
    expect(await work()).toMatchObject({ claimed: 1, waiting: 1 })
    expect(updates()).toBe(before)
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 0, failure_reason: 'waits-for-lead' })])

    await run()
    const itemId = await itemOf(lead.submissionId)
    expect(itemId).toBeDefined()
    expect(await work()).toMatchObject({ done: 1 })
    expect(bookingUpdates(itemId)).toEqual(['<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>'])
    await work()
    expect(bookingUpdates(itemId)).toHaveLength(1)
  }, 30_000)

  it('a booking that matches no lead makes one "Booking:" item in the leads group, and its replay none', async () => {
    const body = calBody('BOOKING_CREATED', { name: 'Walk-in Wanda', email: 'wanda@example.com' })
    expect((await deliver(body)).status).toBe(202)
    await work()
    const wanda = bookingItems('Walk-in Wanda')
    expect(wanda).toHaveLength(1)
    const create = stack.board.requests.find((r) => r.operation === 'create_item' && r.variables.itemName === 'Booking: Walk-in Wanda')
    expect(create?.variables.groupId).toBe('topics')
    expect(bookingUpdates(wanda[0]![0])).toHaveLength(1)
    expect((await deliver(body)).status).toBe(200)
    await work()
    expect(bookingItems('Walk-in Wanda')).toHaveLength(1)
  }, 30_000)

  it('a booking whose board call fails is delivered later, once', async () => {
    const uid = crypto.randomUUID()
    stack.board.fail('create_update', 'http-500')
    expect((await deliver(calBody('BOOKING_CREATED', { uid, name: 'Late Larry', email: 'larry@example.com' }))).status).toBe(202)
    expect(await work()).toMatchObject({ claimed: 1, retrying: 1 })
    // The item was made and its id kept before the update failed.
    const [itemId] = bookingItems('Late Larry').map(([id]) => id)
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 1, board_item_id: itemId })])
    expect(bookingUpdates(itemId)).toEqual([])

    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    // The next event of the same booking goes on the same item.
    await deliver(calBody('BOOKING_CANCELLED', { uid, name: 'Late Larry', email: 'larry@example.com' }))
    await work()
    await work()
    expect(bookingItems('Late Larry')).toHaveLength(1)
    expect(bookingUpdates(itemId)).toHaveLength(2)
    expect(
      stack.board.requests.filter((r) => r.operation === 'create_item' && r.variables.itemName === 'Booking: Late Larry'),
    ).toHaveLength(1)
  }, 30_000)

  it('a booking note the board took but whose answer was lost is found on the retry, not added twice', async () => {
    const lead = person('Lost Lola', 'lola@example.com')
    const link = await signedLead(lead)
    const itemId = await deliveredItem(lead.submissionId)
    stack.board.fail('create_update', 'created-lost')
    await deliver(calBody('BOOKING_CREATED', { ...link, email: 'lola@example.com' }))
    expect(await work()).toMatchObject({ claimed: 1, retrying: 1 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    expect(updatesOn(itemId).filter((body) => body.includes('Strategy call'))[0]).toMatch(/<p>Ref: booking-\d+\/note<\/p>$/)
  }, 30_000)

  it("the item carries the phone, the call's date and its status; an older event sent late does not undo a newer one", async () => {
    const uid = crypto.randomUUID()
    const who = { uid, name: 'Dated Dora', email: 'dora@example.com', phone: '+61 412 345 678' }
    stack.board.fail('create_update', 'http-500')
    await deliver(calBody('BOOKING_CREATED', who))
    expect(await work()).toMatchObject({ retrying: 1 })
    const [itemId] = bookingItems('Dated Dora').map(([id]) => id)
    expect(stack.board.columnsOf.get(itemId!)).toMatchObject({
      phone: { phone: '+61412345678', countryShortName: 'AU' },
      call_date: { date: '2026-11-26', time: '22:00:00' },
      call_status: { label: 'Booked' },
    })

    await deliver(calBody('BOOKING_CANCELLED', who))
    await work()
    await work()
    expect(bookingUpdates(itemId)).toHaveLength(2)
    expect(stack.board.columnsOf.get(itemId!)).toMatchObject({ call_status: { label: 'Cancelled' } })
    expect(bookingItems('Dated Dora')).toHaveLength(1)
  }, 30_000)

  it('an item made whose answer was lost is found by the booking before another is made', async () => {
    stack.board.fail('create_item', 'created-lost')
    expect((await deliver(calBody('BOOKING_CREATED', { name: 'Lost Lola', email: 'lola@example.com' }))).status).toBe(202)
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ done: 1 })
    const wanda = bookingItems('Lost Lola')
    expect(wanda).toHaveLength(1)
    expect(bookingUpdates(wanda[0]![0])).toHaveLength(1)
  }, 30_000)

  it('a booking the board keeps refusing fails after its attempts, with one alert', async () => {
    stack.board.fail('create_update', 'http-500', 'http-500', 'http-500')
    await deliver(calBody('BOOKING_CREATED', { name: 'Refused Rita', email: 'rita@example.com' }))
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ failed: 1 })
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'failed', attempts: 3, failure_reason: 'http' })])
    const alerts = stack.channels.webhook.filter((message) => message.text.startsWith('Booking not on the board'))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.text).toContain('Booking not on the board: Refused Rita')
    expect(await webhookEventFigures(stack.pg.sql)).toMatchObject({ bookingsPending: 0, bookingsFailed: 1 })
    // The alert names the transition that sends it again (no status written by hand), and it does.
    const again = /Fix the cause, then: (select public\.outbox_requeue\('lead_bookings', '\d+'\);)/.exec(alerts[0]!.text)
    expect(again).not.toBeNull()
    await stack.pg.sql.unsafe(again![1]!)
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })])
    expect(await work()).toMatchObject({ claimed: 1 })
  }, 30_000)

  it("the digest lists the day's leads that did not book, with their contact details", async () => {
    const booked = person('Dorothy Vaughan', 'dorothy@example.com')
    const unbooked = person('Annie Easley', 'annie@example.com')
    const link = await signedLead(booked)
    await postLead(unbooked)
    await deliver(calBody('BOOKING_CREATED', { ...link, email: 'dorothy@example.com' }))

    expect(await run('leads-digest')).toMatchObject({ digest: { queued: expect.stringMatching(/^digest:/) } })
    const text = stack.channels.webhook[0]!.text
    expect(text).toContain('No call booked yet: 1')
    expect(text).toContain('Annie Easley, <tel:+61422470721|0422 470 721>, <mailto:annie@example.com|annie@example.com>')
    expect(text.split('No call booked yet')[1]).not.toContain('Dorothy Vaughan')
  }, 30_000)
})
