import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { validRegistration } from '../support/enterprise-row'
import { FOLLOWUP_SECRET, registerConfirmed, runFollowup } from '../support/enterprise-followup'
import { registrationFigures } from '../../supabase/functions/_shared/enterprise/registration.ts'
import { followupEnv, loopbackPassesThrough } from './support'

// enterprise-followup under Deno on a real PostgreSQL, with the fake board and the fake alert
// channels (whose Resend honours Idempotency-Key as Resend does). Registrations here have confirmed their
// address, so the welcome e-mail is due; the request to confirm is enterprise-confirm.test.ts's.
const SECRET = FOLLOWUP_SECRET
const REGISTRANT = validRegistration.email

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let followup: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  followup = await startFunction('enterprise-followup', followupEnv(pg.url, board.url, channels, 2))
}, 120_000)

afterAll(async () => {
  await followup?.stop()
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, enterprise_confirm_requests, notifications`
  await pg.sql`update enterprise_registration_settings set daily_cap = 50`
  await pg.sql`update needs_a_look_summary set sent_at = now() - interval '61 minutes'`
  board.refuse(null)
  channels.breakChannel('webhook', false)
  channels.clear()
})

const run = (secret = SECRET) => runFollowup(followup.url, secret)
const register = (change: Partial<typeof validRegistration> = {}) => registerConfirmed(pg.sql, change)

const stateOf = async (id: string) =>
  (
    await pg.sql<{ status: string; board_item_id: string | null; attempts: number }[]>`
    select status, board_item_id, attempts from enterprise_registrations where id = ${id}`
  )[0]
const welcomes = () => channels.emails.filter((email) => email.to.includes(REGISTRANT))
const salesAlerts = () => channels.webhook.filter((message) => message.text.includes('New enterprise registration'))

describe('enterprise-followup (deno, PostgreSQL, fake board and channels)', () => {
  it('refuses a call without the secret', async () => {
    expect((await run('wrong')).status).toBe(401)
  })

  it('one registration gives one board item in the enterprise group with its note, one sales alert, one welcome e-mail; a second run adds nothing', async () => {
    const id = await register()
    expect((await run()).body).toMatchObject({ claimed: 1, done: 1 })
    expect(board.itemsFor(id)).toBe(1)
    const create = board.requests.find((r) => r.operation === 'create_item')
    expect(create?.variables).toMatchObject({ groupId: 'enterprise', itemName: 'Enterprise: Acme & Co.' })
    const note = board.requests.find((r) => r.operation === 'create_update')
    expect(String(note?.variables.body)).toContain('Growth Package, Annually, US$2,950 a month, US$35,400 per year')
    expect(String(note?.variables.body)).toContain(id)
    expect(String(note?.variables.body)).toContain('Acme &amp; Co.')
    expect(String(note?.variables.body)).toMatch(/Submitted:<\/strong> \w{3} \d{1,2} \w{3} 2026, .* AEDT/)

    expect(salesAlerts()).toHaveLength(1)
    const alert = salesAlerts()[0]!.text
    for (const part of [
      'Acme &amp; Co.',
      'Growth Package, Annually',
      'US$35,400 per year',
      'Seats: 11-50',
      '<mailto:jane@example.com|jane@example.com>',
      '+61422470721',
      '78 Harbour Street',
    ])
      expect(alert).toContain(part)
    expect(alert.toLowerCase()).toContain('assign an account manager within 24 hours')

    expect(welcomes()).toHaveLength(1)
    const email = welcomes()[0]!
    expect(email).toMatchObject({
      from: 'welcome@agency.test',
      reply_to: 'sales@agency.test',
      idempotencyKey: `enterprise-welcome/${id}`,
    })
    expect(email.text).toContain('Amount: US$35,400 (US dollars), per year')
    expect(email.text).toContain(`Reference: ${id.slice(0, 8).toUpperCase()}`)
    expect(email.text).toContain('Paying it activates your account.')
    expect(email.text).toContain('within 24 hours')
    expect(email.html).toContain('<img src="https://site.test/images/og/logo.png"')
    expect(email.html).toContain('Acme &amp; Co.')

    expect(await stateOf(id)).toMatchObject({ status: 'done' })
    const before = { requests: board.requests.length, webhook: channels.webhook.length, emails: channels.emails.length }
    expect((await run()).body).toMatchObject({ claimed: 0 })
    expect({ requests: board.requests.length, webhook: channels.webhook.length, emails: channels.emails.length }).toEqual(before)
  })

  it('a board item created whose answer was lost is found by the registration id, not created twice', async () => {
    const id = await register()
    board.fail('create_item', 'created-lost')
    expect((await run()).body).toMatchObject({ retrying: 1 })
    expect((await run()).body).toMatchObject({ done: 1 })
    expect(board.itemsFor(id)).toBe(1)
    expect(salesAlerts()).toHaveLength(1)
  })

  it('a board note taken whose answer was lost is found on the item by its reference line on the retry, not added twice', async () => {
    const id = await register()
    board.fail('create_update', 'created-lost')
    expect((await run()).body).toMatchObject({ retrying: 1 })
    expect((await run()).body).toMatchObject({ done: 1 })
    const itemId = (await stateOf(id))!.board_item_id
    // The registration's note, and (the address confirmed) its one 'E-mail confirmed' update.
    const notes = board.notes.filter((note) => note.itemId === itemId)
    expect(notes.filter((note) => note.body.endsWith(`<p>Ref: reg-${id}/note</p>`))).toHaveLength(1)
    expect(notes.filter((note) => note.body.endsWith(`<p>Ref: reg-${id}/confirmed</p>`))).toHaveLength(1)
    expect(notes).toHaveLength(2)
    expect(salesAlerts()).toHaveLength(1)
  })

  it('a board note the board refused is created on the retry, once', async () => {
    const id = await register()
    board.fail('create_update', 'http-500')
    expect((await run()).body).toMatchObject({ retrying: 1 })
    expect((await run()).body).toMatchObject({ done: 1 })
    const itemId = (await stateOf(id))!.board_item_id
    expect(board.notes.filter((note) => note.itemId === itemId && note.body.endsWith(`<p>Ref: reg-${id}/note</p>`))).toHaveLength(1)
  })

  it('an e-mail sent whose answer was lost is not sent twice: the retry carries the same Idempotency-Key', async () => {
    const id = await register()
    channels.loseNextEmailAnswer(REGISTRANT)
    // Deno's fetch may retry the dropped request itself; else the next run does: either way with the same key.
    await run()
    await run()
    expect(await stateOf(id)).toMatchObject({ status: 'done' })
    const tries = channels.emailRequests.filter((request) => request.to.includes(REGISTRANT))
    expect(tries.length).toBeGreaterThanOrEqual(2)
    expect(new Set(tries.map((request) => request.idempotencyKey))).toEqual(new Set([`enterprise-welcome/${id}`]))
    expect(welcomes()).toHaveLength(1)
    expect(salesAlerts()).toHaveLength(1)
    expect(board.itemsFor(id)).toBe(1)
  })

  it('the sales alert reaches each channel once: with the webhook down, the e-mail takes it and the registrant is answered; the next run sends the webhook alone', async () => {
    const id = await register()
    const salesEmails = () => channels.emails.filter((email) => email.subject.startsWith('New enterprise registration'))
    channels.breakChannel('webhook')
    // The registration is done: its alert is queued (notifications outbox), and the chat's copy retried there.
    expect((await run()).body).toMatchObject({ done: 1 })
    expect(salesEmails()).toHaveLength(1)
    expect(salesEmails()[0]).toMatchObject({ to: ['sales@agency.test'], idempotencyKey: `sales:${id}` })
    expect(welcomes()).toHaveLength(1)
    expect(salesAlerts()).toHaveLength(0)

    channels.breakChannel('webhook', false)
    expect((await run()).body).toMatchObject({ claimed: 0 })
    expect(salesAlerts()).toHaveLength(1)
    expect(salesEmails()).toHaveLength(1)
    expect(welcomes()).toHaveLength(1)
    expect(board.itemsFor(id)).toBe(1)
  })

  it('two runs at once work each registration once: one is claimed by one run only', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => register()))
    const [a, b] = await Promise.all([run(), run()])
    expect(Number(a.body.done) + Number(b.body.done)).toBe(6)
    for (const id of ids) expect(board.itemsFor(id)).toBe(1)
    expect(salesAlerts()).toHaveLength(6)
    expect(welcomes()).toHaveLength(6)
  })

  describe('past the daily cap', () => {
    const summaries = () => channels.webhook.filter((message) => message.text.includes('Needs a look'))
    const anHourPasses = async () => {
      await pg.sql`update needs_a_look_summary set sent_at = sent_at - interval '61 minutes'`
      await pg.sql`update enterprise_registrations set created_at = created_at - interval '61 minutes'`
    }
    const reviewItems = () =>
      board.requests.filter((request) => request.operation === 'create_item' && request.variables.groupId === 'needs_a_look')

    it("pages nobody for each registration: each waits held in 'Needs a look', and one summary an hour gives the count", async () => {
      await pg.sql`update enterprise_registration_settings set daily_cap = 0`
      const before = reviewItems().length
      const ids = [await register(), await register(), await register({ company_name: 'Refund at evil-pay.com' })]
      expect((await run()).body).toMatchObject({ claimed: 3, held: 3, needsALookSummary: 3 })
      expect(ids.map((id) => board.itemsFor(id))).toEqual([1, 1, 1])
      const items = reviewItems().slice(before)
      expect(items.map((item) => String(item.variables.itemName))).toEqual([
        'Held – Enterprise: Acme & Co.',
        'Held – Enterprise: Acme & Co.',
        'Held – Enterprise: Refund at evil-pay.com',
      ])
      expect(salesAlerts()).toHaveLength(0)
      expect(welcomes()).toHaveLength(0)
      expect(summaries()).toHaveLength(1)
      expect(summaries()[0]!.text).toContain('3 enterprise registrations held past the daily cap')
      expect(summaries()[0]!.text).toContain("Set 'Decision' to 'Release'")
      expect(summaries()[0]!.text).not.toContain('evil-pay')
      expect((await stateOf(ids[0]!))?.status).toBe('held')

      await register()
      await register()
      expect((await run()).body).not.toHaveProperty('needsALookSummary')
      expect(summaries()).toHaveLength(1)

      await anHourPasses()
      expect((await run()).body).toMatchObject({ needsALookSummary: 2 })
      expect(summaries()).toHaveLength(2)
      expect(summaries()[1]!.text).toMatch(/Needs a look: 2 new since .+\n- 2 enterprise registrations held/)

      await anHourPasses()
      expect((await run()).body).not.toHaveProperty('needsALookSummary')
      expect(summaries()).toHaveLength(2)
    })

    it('a summary no channel took is sent on a later run, once (the notifications outbox holds it)', async () => {
      await pg.sql`update enterprise_registration_settings set daily_cap = 0`
      await register()
      channels.breakChannel('webhook', true)
      channels.breakChannel('email', true)
      try {
        expect((await run()).body).toMatchObject({ needsALookSummary: 1 })
        expect(summaries()).toHaveLength(0)
      } finally {
        channels.breakChannel('webhook', false)
        channels.breakChannel('email', false)
      }
      // The outbox's backoff has passed.
      await pg.sql`update notifications set next_attempt_at = now() where status = 'pending'`
      expect((await run()).body).not.toHaveProperty('needsALookSummary')
      expect(summaries()).toHaveLength(1)
      expect(channels.emails.filter((email) => email.text.includes('Needs a look'))).toHaveLength(1)
    })

    it('a released registration reaches the board and sales, whose alert asks for the e-mail and invoice by hand', async () => {
      await pg.sql`update enterprise_registration_settings set daily_cap = 0`
      const id = await register()
      expect((await run()).body).toMatchObject({ held: 1 })
      const [released] = await pg.sql<{ ok: boolean }[]>`select release_enterprise_registration(${id}) as ok`
      expect(released?.ok).toBe(true)
      expect((await run()).body).toMatchObject({ done: 1 })
      // Its item from before: one item, the alert linking it.
      expect(board.itemsFor(id)).toBe(1)
      expect(salesAlerts()[0]!.text).toContain(`Board item ${(await stateOf(id))!.board_item_id}`)
      expect(salesAlerts()).toHaveLength(1)
      expect(salesAlerts()[0]!.text).toContain('no confirmation e-mail or invoice was sent')
      expect(welcomes()).toHaveLength(0)
      const [again] = await pg.sql<{ ok: boolean }[]>`select release_enterprise_registration(${id}) as ok`
      expect(again?.ok).toBe(false)
    })
  })

  it("a registrant's markup arrives inert in the chat: no broadcast, no link, no unfurl, no extra line; the e-mail alert on one line", async () => {
    // What the table's checks let through: free text in the address, anything but spaces before an e-mail's @.
    // No column takes a line break any more (20261129000100); visitorText drops them too (lead-alerts.test.ts).
    await register({
      company_name: 'Refund at evil-pay.com. Call 0400 000 000',
      full_address: '<!channel> <https://evil.example/login|Approve payment> *now* Over the daily cap: ignore, already invoiced by hand',
      email: '<!here>[pay](https://evil.example)@x.example',
    })
    await run()
    expect(salesAlerts()).toHaveLength(1)
    const alert = salesAlerts()[0]!
    expect(alert).toMatchObject({ unfurl_links: false, unfurl_media: false })
    const lines = alert.text.split('\n')
    expect(lines[0]).toBe('New enterprise registration: Refund at evil-pay[.]com. Call 0400 000 000')
    expect(lines).toContain(
      'Address: &lt;!channel&gt; &lt;hxxps[://]evil[.]example/login|Approve payment&gt; \u2217now\u2217 Over the daily cap: ignore, already invoiced by hand',
    )
    expect(lines.filter((line) => line.startsWith('Over the daily cap'))).toEqual([])
    expect(lines.find((line) => line.startsWith('Contact:'))).toBe(
      'Contact: Jane Doe, <tel:+61422470721|0422 470 721>, &lt;!here&gt;[pay](hxxps[://]evil[.]example)@x[.]example',
    )
    expect(alert.text).not.toMatch(/<[!h]|https?:\/\/|evil\.example|evil-pay\.com/)

    const salesEmail = channels.emails.find((email) => email.subject.startsWith('New enterprise registration'))
    expect(salesEmail?.text.split('\n').filter((line) => line.startsWith('Over the daily cap'))).toEqual([])
  })

  it('a board that keeps refusing marks the registration failed after MAX_ATTEMPTS and alerts once with the contact details', async () => {
    board.refuse('not-authenticated')
    const id = await register()
    await run()
    await run()
    await run()
    expect(await stateOf(id)).toMatchObject({ status: 'failed', attempts: 2 })
    const failed = channels.webhook.filter((message) => message.text.includes('Enterprise registration failed'))
    expect(failed).toHaveLength(1)
    expect(failed[0]!.text).toContain('<mailto:jane@example.com|jane@example.com>')
    expect(failed[0]!.text).toContain('+61422470721')
    expect(salesAlerts()).toHaveLength(0)
    expect(welcomes()).toHaveLength(0)

    expect(await registrationFigures(pg.sql)).toEqual({ pending: 0, failed: 1, awaitingPayment: 0, paid: 0, moneyBack: 0 })
    // The runbook's way back, once the board is fixed: safe to run twice, each step still sent once.
    board.refuse(null)
    const retry = () =>
      pg.asRole('service_role', (tx) => tx<{ n: number }[]>`select retry_failed_enterprise_registrations() as n`).then((rows) => rows[0]!.n)
    expect(await retry()).toBe(1)
    expect(await retry()).toBe(0)
    expect((await run()).body).toMatchObject({ done: 1 })
    expect(board.itemsFor(id)).toBe(1)
    expect(salesAlerts()).toHaveLength(1)
    expect(welcomes()).toHaveLength(1)
    expect(
      await pg.asRole('anon', (tx) => tx`select retry_failed_enterprise_registrations()`).catch((error: { code?: string }) => error.code),
    ).toBe('42501')
  })

  it('in production without the real phone, the welcome e-mail is not sent: the registration fails at once and ops is told', async () => {
    const production = await startFunction('enterprise-followup', { ...followupEnv(pg.url, board.url, channels, 2), APP_ENV: 'production' })
    try {
      const id = await register()
      expect((await runFollowup(production.url)).body).toMatchObject({ claimed: 1, failed: 1 })
      expect(welcomes()).toHaveLength(0)
      expect(salesAlerts()).toHaveLength(1)
      expect(await stateOf(id)).toMatchObject({ status: 'failed' })
      const failed = channels.webhook.filter((message) => message.text.includes('Enterprise registration failed'))
      expect(failed).toHaveLength(1)
      expect(failed[0]!.text).toContain('[production]')
      // Chat shows the setting's underscores as look-alikes (visitorText), so they stay literal.
      expect(failed[0]!.text).toMatch(/ENTERPRISE.SUPPORT.PHONE is not set/)
    } finally {
      await production.stop()
    }
  }, 60_000)
})
