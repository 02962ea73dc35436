import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { validRegistration } from '../support/enterprise-row'
import { CONFIRM_SECRET, confirmTokenIn, register as registerRow, runFollowup, SITE_URL } from '../support/enterprise-followup'
import { signConfirmToken } from '../../supabase/functions/_shared/enterprise/confirm-link.ts'
import { followupEnv, loopbackPassesThrough, ORIGIN } from './support'

// Issue 35 point 2: the registrant's address is proven before anything else is sent to it.
// enterprise-followup and enterprise-confirm under Deno on a real PostgreSQL, the fake board and channels.
const REGISTRANT = validRegistration.email
const HOUR = 3_600_000

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let followup: DenoFunction
let confirm: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  const env = followupEnv(pg.url, board.url, channels, 2)
  ;[followup, confirm] = await Promise.all([
    startFunction('enterprise-followup', env),
    startFunction('enterprise-confirm', { ...env, CONFIRM_HOURLY_LIMIT: '100/3600' }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([followup?.stop(), confirm?.stop()])
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, enterprise_confirm_requests, request_limits, notifications`
  await pg.sql`update enterprise_registration_settings set daily_cap = 50`
  board.refuse(null)
  channels.clear()
})

const run = () => runFollowup(followup.url)
const register = (change: Partial<typeof validRegistration> = {}) => registerRow(pg.sql, change)
const toRegistrant = (to = REGISTRANT) => channels.emails.filter((email) => email.to.includes(to))
const welcomes = () => toRegistrant().filter((email) => email.subject.startsWith('Your enterprise registration'))
const requests = (to = REGISTRANT) => toRegistrant(to).filter((email) => email.subject === 'Please confirm your e-mail address')
const salesAlerts = () => channels.webhook.filter((message) => message.text.includes('New enterprise registration'))
const notes = () => board.requests.filter((r) => r.operation === 'create_update').map((r) => String(r.variables.body))
const row = async (id: string) =>
  (
    await pg.sql<{ status: string; attempts: number; email_confirmed_at: Date | null }[]>`
      select status, attempts, email_confirmed_at from enterprise_registrations where id = ${id}`
  )[0]!

async function post(body: unknown, method = 'POST') {
  const res = await fetch(confirm.url, {
    method,
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

/** A registration worked once: the board and sales have it, the registrant has the request. */
async function requested(change: Partial<typeof validRegistration> = {}) {
  const id = await register(change)
  expect((await run()).body).toMatchObject({ claimed: 1, awaiting: 1 })
  const token = confirmTokenIn(channels.emails, change.email ?? REGISTRANT)
  expect(token).toBeDefined()
  return { id, token: token! }
}

describe('enterprise-confirm: proof of the address (deno, PostgreSQL, fake board and channels)', () => {
  it('the first e-mail asks to confirm, with a signed link and no text the registrant typed; no welcome, no invoice; the board and sales have it at once, marked unconfirmed', async () => {
    const { id, token } = await requested({ company_name: 'Refund at evil-pay.com. Call 0400 000 000', name: 'Mallory Evil' })
    const [request] = requests()
    expect(request).toMatchObject({
      from: 'welcome@agency.test',
      idempotencyKey: expect.stringMatching(`^enterprise-confirm-request/${id}/\\d+$`),
    })
    expect(request!.text).toContain(`${SITE_URL}/confirm?token=`)
    expect(request!.text).toContain('Growth Package, Annually')
    for (const typed of ['evil-pay', '0400 000 000', 'Mallory', 'Harbour', 'Acme']) {
      expect(request!.text).not.toContain(typed)
      expect(request!.html).not.toContain(typed)
    }
    expect(token.startsWith(`${id}.`)).toBe(true)
    expect(welcomes()).toHaveLength(0)

    expect(board.itemsFor(id)).toBe(1)
    expect(notes()[0]).toContain('e-mail not confirmed yet')
    expect(salesAlerts()).toHaveLength(1)
    expect(salesAlerts()[0]!.text).toContain('E-mail not confirmed yet')

    // Waiting uses no attempt and is not claimed again.
    expect(await row(id)).toMatchObject({ status: 'awaiting-confirmation', attempts: 0 })
    expect((await run()).body).toMatchObject({ claimed: 0 })
  })

  it('opening the link changes nothing: a mail scanner fetching the function gets 405 and the registration stays unconfirmed', async () => {
    const { id } = await requested()
    for (const method of ['GET', 'HEAD']) expect((await post(undefined, method)).status).toBe(405)
    const scanned = await fetch(`${confirm.url}?token=${encodeURIComponent(confirmTokenIn(channels.emails, REGISTRANT)!)}`)
    expect(scanned.status).toBe(405)
    await run()
    expect(await row(id)).toMatchObject({ status: 'awaiting-confirmation', email_confirmed_at: null })
    expect(welcomes()).toHaveLength(0)
  })

  it('pressing the button confirms: the board item is updated, the welcome e-mail goes out once; the used link then says already confirmed', async () => {
    const { id, token } = await requested()
    expect(await post({ token })).toEqual({ status: 200, body: { result: 'confirmed' } })
    expect((await row(id)).status).toBe('pending')
    expect((await run()).body).toMatchObject({ claimed: 1, done: 1 })
    expect(notes().filter((note) => note.includes('E-mail confirmed:'))).toHaveLength(1)
    expect(notes().find((note) => note.includes('E-mail confirmed:'))).toMatch(
      /E-mail confirmed:<\/strong> \w{3} \d{1,2} \w{3} 2026, .* AEDT/,
    )
    expect(welcomes()).toHaveLength(1)
    expect(welcomes()[0]).toMatchObject({ idempotencyKey: `enterprise-welcome/${id}` })
    expect(welcomes()[0]!.text).toContain('Paying it activates your account.')
    expect(salesAlerts()).toHaveLength(1)

    expect(await post({ token })).toEqual({ status: 200, body: { result: 'already-confirmed' } })
    await run()
    expect(welcomes()).toHaveLength(1)
  })

  it('a link that is forged, tampered with or names no registration is invalid and changes nothing', async () => {
    const { id, token } = await requested()
    const [, issued, mac] = token.split('.')
    const other = await signConfirmToken('another-secret', id, new Date(Number(issued) * 1000))
    for (const bad of [`${id}.${Number(issued) + 1}.${mac}`, other, 'nonsense', `${crypto.randomUUID()}.${issued}.${mac}`])
      expect(await post({ token: bad })).toEqual({ status: 400, body: { result: 'invalid' } })
    expect(await post({ nottoken: true })).toEqual({ status: 400, body: { result: 'invalid' } })
    expect((await row(id)).email_confirmed_at).toBeNull()
  })

  it('a link whose seconds are re-spelled (zero-padded, a plus sign) is invalid: the seconds are compared as the text that was signed', async () => {
    const { id, token } = await requested()
    const [, issued, mac] = token.split('.')
    for (const respelled of [`0${issued}`, `00${issued}`, `+${issued}`])
      expect(await post({ token: `${id}.${respelled}.${mac}` })).toEqual({ status: 400, body: { result: 'invalid' } })
    expect((await row(id)).email_confirmed_at).toBeNull()
    expect(await post({ token })).toEqual({ status: 200, body: { result: 'confirmed' } })
  })

  it('an expired link confirms nothing and offers a new one, limited to one request per address a day; the new link works and the old one does not', async () => {
    const { id } = await requested()
    const issued = new Date(Date.now() - 49 * HOUR)
    await pg.sql`update enterprise_registrations set confirm_link_issued_at = ${issued} where id = ${id}`
    const expired = await signConfirmToken(CONFIRM_SECRET, id, issued)
    expect(await post({ token: expired })).toEqual({ status: 410, body: { result: 'expired' } })
    expect((await row(id)).email_confirmed_at).toBeNull()

    // Today's request already went to this address.
    expect(await post({ token: expired, resend: true })).toEqual({ status: 429, body: { result: 'new-link-limited' } })
    // The next day:
    await pg.sql`update enterprise_confirm_requests set day = day - 1`
    expect(await post({ token: expired, resend: true })).toEqual({ status: 202, body: { result: 'new-link-sent' } })
    expect((await run()).body).toMatchObject({ awaiting: 1 })
    expect(requests()).toHaveLength(2)
    expect(new Set(requests().map((email) => email.idempotencyKey)).size).toBe(2)
    const fresh = confirmTokenIn(channels.emails, REGISTRANT)!
    expect(fresh).not.toBe(expired)
    expect(await post({ token: expired })).toEqual({ status: 410, body: { result: 'expired' } })
    expect(await post({ token: fresh })).toEqual({ status: 200, body: { result: 'confirmed' } })
    expect(await post({ token: expired, resend: true })).toEqual({ status: 200, body: { result: 'already-confirmed' } })
  })

  it('at most one request a day per recipient address: a second registration to it gets none, is done, and sales is told', async () => {
    await requested()
    const id = await register()
    expect((await run()).body).toMatchObject({ claimed: 1, done: 1 })
    expect(requests()).toHaveLength(1)
    const alert = salesAlerts().find((message) => message.text.includes(id))!
    expect(alert.text).toContain('no request to confirm was sent, as this address already had one today')
    const [limited] = await pg.sql<
      { confirm_limited_at: Date | null }[]
    >`select confirm_limited_at from enterprise_registrations where id = ${id}`
    expect(limited?.confirm_limited_at).not.toBeNull()
  })

  it("a run killed between taking the address's daily slot and recording it: the next run still sends the request", async () => {
    const id = await register()
    // The run dies the moment the slot would be recorded (its connection gone, as a SIGKILL leaves it).
    await pg.sql.unsafe(`
      create function public.test_killed_at_slot() returns trigger language plpgsql as
        $$ begin raise exception 'killed between the slot and its record'; end $$;
      create trigger test_killed_at_slot before update of confirm_slot_at on public.enterprise_registrations
        for each row when (old.confirm_slot_at is null and new.confirm_slot_at is not null)
        execute function public.test_killed_at_slot();`)
    try {
      expect((await run()).body).toMatchObject({ claimed: 1, interrupted: 1 })
    } finally {
      await pg.sql.unsafe(
        `drop trigger test_killed_at_slot on public.enterprise_registrations; drop function public.test_killed_at_slot();`,
      )
    }
    expect(requests()).toHaveLength(0)
    // Its lease lapses; the next run takes the registration over.
    await pg.sql`update enterprise_registrations set claimed_until = now() - interval '1 second' where id = ${id}`
    expect((await run()).body).toMatchObject({ claimed: 1, awaiting: 1 })
    expect(requests()).toHaveLength(1)
    const [slot] = await pg.sql<{ confirm_slot_at: Date | null; confirm_limited_at: Date | null }[]>`
      select confirm_slot_at, confirm_limited_at from enterprise_registrations where id = ${id}`
    expect(slot).toMatchObject({ confirm_limited_at: null })
    expect(slot!.confirm_slot_at).not.toBeNull()
    expect(salesAlerts().find((message) => message.text.includes(id))!.text).not.toContain('already had one today')
  })

  it('a registration past the daily cap, released, is never asked to confirm', async () => {
    await pg.sql`update enterprise_registration_settings set daily_cap = 0`
    const id = await register()
    expect((await run()).body).toMatchObject({ held: 1 })
    await pg.sql`select release_enterprise_registration(${id})`
    expect((await run()).body).toMatchObject({ done: 1 })
    expect(toRegistrant()).toHaveLength(0)
  })
})
