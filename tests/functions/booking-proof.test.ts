import { describe, expect, it } from 'vitest'
import { calBody, calStack } from './cal-stack'

// Issue 42 point 2, acted as the outsider did: the public booking page takes any name, e-mail,
// notes and location, and anyone can add `?metadata[...]` to the booking link. Each test here
// failed on the code before the signed booking reference.
const stack = calStack()
const { person, postLead, signedLead, run, work, deliver, bookingUpdates, updatesOn, deliveredItem, bookingRows, bookingItems } = stack

const leadStatus = async (submissionId: string) =>
  (await stack.pg.sql<{ status: string }[]>`select status from leads where submission_id = ${submissionId}`)[0]?.status
const createOf = (name: string) =>
  stack.board.requests.find((r) => r.operation === 'create_item' && String(r.variables.itemName).endsWith(`Booking: ${name}`))
const itemUrl = (itemId: string) => `https://agency.monday.com/boards/123/pulses/${itemId}`

describe('a booking is tied to a lead only by proof (deno, PostgreSQL, fake board)', () => {
  it('a honeypot lead stays spam after a public booking with its e-mail, and after one whose link names it without a valid signature', async () => {
    const bot = person('Bot Spammer', 'bot@example.com', 'https://spam.example')
    const answer = await postLead(bot)
    expect(await leadStatus(bot.submissionId)).toBe('spam')
    // The spam lead is answered as any other (signed too): the booking still proves only which lead.
    expect(answer.booking?.ref).toBe(bot.submissionId)

    expect((await deliver(calBody('BOOKING_CREATED', { email: 'BOT@example.com', name: 'Bot Spammer' }))).status).toBe(202)
    expect((await deliver(calBody('BOOKING_CREATED', { submissionId: bot.submissionId, name: 'Bot Linker' }))).status).toBe(202)
    const forged = { submissionId: bot.submissionId, sig: 'A'.repeat(43), name: 'Bot Forger' }
    expect((await deliver(calBody('BOOKING_CREATED', forged))).status).toBe(202)
    expect(
      (await deliver(calBody('BOOKING_CREATED', { ...answer.booking!, submissionId: answer.booking!.ref, name: 'Bot Signed' }))).status,
    ).toBe(202)
    expect(await leadStatus(bot.submissionId)).toBe('spam')

    await run()
    expect(await work()).toMatchObject({ done: 4 })
    expect(await leadStatus(bot.submissionId)).toBe('spam')
    // Each booking has its own item in 'Needs a look', saying a flagged lead has the same e-mail or is the one named.
    for (const name of ['Bot Spammer', 'Bot Linker', 'Bot Forger']) {
      expect(createOf(name)?.variables).toMatchObject({ groupId: 'needs_a_look', itemName: `Unproven booking — Booking: ${name}` })
    }
    expect(createOf('Bot Signed')?.variables).toMatchObject({ groupId: 'needs_a_look', itemName: 'Spam? — Booking: Bot Signed' })
    const [spammer] = bookingItems('Bot Spammer')
    expect(updatesOn(spammer![0]).join('')).toContain(
      'A lead flagged as spam (honeypot) has the same e-mail. This booking did not change it.',
    )
    const [signed] = bookingItems('Bot Signed')
    expect(updatesOn(signed![0]).join('')).toContain('was flagged as spam (honeypot). A booking does not release it')
    expect(await bookingRows()).toEqual(expect.arrayContaining([expect.objectContaining({ attendee_name: 'Bot Signed' })]))
  }, 40_000)

  it("a stranger's booking with a victim's e-mail changes nothing of the victim's item; its cancellation stays out of the digest", async () => {
    const victim = person('Vera Victim', 'vera@example.com')
    const link = await signedLead(victim)
    const itemId = await deliveredItem(victim.submissionId)
    const uid = crypto.randomUUID()
    const stranger = { uid, email: 'VERA@Example.com', name: 'Stranger Sam', notes: 'Ignore the form, call 0400 000 000' }
    // A signature is for one reference as issued: another lead's id, or another spelling of this one, does not verify.
    const upper = {
      ...stranger,
      uid: crypto.randomUUID(),
      name: 'Upper Ursula',
      submissionId: link.submissionId.toUpperCase(),
      sig: link.sig,
    }
    expect((await deliver(calBody('BOOKING_CREATED', stranger))).status).toBe(202)
    expect((await deliver(calBody('BOOKING_CREATED', upper))).status).toBe(202)
    expect(await work()).toMatchObject({ done: 2 })

    expect(bookingUpdates(itemId)).toEqual([])
    expect(stack.board.columnsOf.get(itemId)).not.toHaveProperty('call_status')
    expect(createOf('Stranger Sam')?.variables).toMatchObject({
      groupId: 'needs_a_look',
      itemName: 'Unproven booking — Booking: Stranger Sam',
    })
    const [own] = bookingItems('Stranger Sam')
    const note = updatesOn(own![0]).join('')
    expect(note).toContain(`Possible match, for a person to judge: Vera Victim, <a href="${itemUrl(itemId)}">`)
    expect(note).toContain('Notes: Ignore the form, call 0400 000 000')
    expect(stack.board.columnsOf.get(own![0])).toMatchObject({ call_status: { label: 'Booked' } })
    expect(bookingItems('Upper Ursula')).toHaveLength(1)

    const cancel = { ...stranger, cancellationReason: 'Victim no longer interested, do not call' }
    expect((await deliver(calBody('BOOKING_CANCELLED', cancel))).status).toBe(202)
    expect(await work()).toMatchObject({ done: 1 })
    expect(bookingUpdates(itemId)).toEqual([])
    expect(stack.board.columnsOf.get(itemId)).not.toHaveProperty('call_status')
    expect(stack.board.columnsOf.get(own![0])).toMatchObject({ call_status: { label: 'Cancelled' } })
    expect(bookingUpdates(own![0])).toHaveLength(2)

    expect(await run('leads-digest')).toMatchObject({ digest: { queued: expect.stringMatching(/^digest:/) } })
    const digest = stack.channels.webhook.map((message) => message.text).join('\n')
    expect(digest).toContain('Vera Victim')
    expect(digest).not.toContain('no longer interested')
    expect(digest).not.toContain('call cancelled')
  }, 40_000)

  it("the attendee's own location or link metadata never becomes the meeting link; the organizer's video call does", async () => {
    const evil = {
      name: 'Link Larry',
      email: 'larry@example.com',
      location: 'https://evil.test/meet',
      metadata: { videoCallUrl: 'https://evil.test/meet2' },
      notes: '<a href="https://evil.test/x">Join here</a>',
    }
    await deliver(calBody('BOOKING_CREATED', evil))
    const organizer = {
      name: 'Video Vic',
      email: 'vic@example.com',
      location: 'https://evil.test/meet',
      metadata: { videoCallUrl: 'https://app.cal.com/video/abc' },
    }
    await deliver(calBody('BOOKING_CREATED', organizer))
    expect(await work()).toMatchObject({ done: 2 })

    const [larry] = bookingItems('Link Larry')
    const note = bookingUpdates(larry![0]).join('')
    expect(note).not.toContain('Meeting link')
    expect(note).not.toContain('<a')
    expect(note).toContain('Notes: &lt;a href=&quot;https://evil.test/x&quot;&gt;Join here&lt;/a&gt;')
    const [vic] = bookingItems('Video Vic')
    expect(bookingUpdates(vic![0]).join('')).toContain('Meeting link: <a href="https://app.cal.com/video/abc">')
  }, 30_000)

  it('an unproven booking the board keeps refusing pages nobody in sales; a proven one of the same lead goes on its item', async () => {
    const lead = person('Paged Pat', 'pat@example.com')
    const link = await signedLead(lead)
    const itemId = await deliveredItem(lead.submissionId)
    stack.board.fail('create_update', 'http-500', 'http-500', 'http-500')
    await deliver(calBody('BOOKING_CREATED', { name: 'Not Pat', email: 'pat@example.com' }))
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ failed: 1 })
    expect(stack.channels.webhook.filter((message) => message.text.startsWith('Booking not on the board'))).toEqual([])

    await deliver(calBody('BOOKING_CREATED', { ...link, name: 'Paged Pat', email: 'pat@example.com' }))
    expect(await work()).toMatchObject({ done: 1 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    expect(stack.board.columnsOf.get(itemId)).toMatchObject({ call_status: { label: 'Booked' } })
  }, 40_000)
})
