import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { GOOGLE_ACTIONS, startFakeGoogleDm, type FakeGoogleDm } from '../support/fake-google-dm.mjs'
import { startFakeMetaCapi, type FakeMetaCapi } from '../support/fake-meta-capi.mjs'
import { startFakeSiteverify, type FakeSiteverify } from '../support/fake-siteverify.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registrationInsert, validRegistration } from '../support/enterprise-row'
import { confirmTokenIn, runFollowup } from '../support/enterprise-followup'
import { deliver as deliverStripe, eventBody, invoiceObject } from '../support/stripe-events'
import { invoiceAmountCents } from '../../supabase/functions/_shared/enterprise/invoicing.ts'
import { calBody, CAL_SECRET } from './cal-stack'
import { CRON_SECRET, funnelEnv } from './funnel-env'
import { loopbackPassesThrough, ORIGIN, submission } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 44's funnel through the real functions under Deno, on one PostgreSQL, with the strict fakes:
// `leads` (Turnstile by the fake siteverify), `cal-webhook`, `enterprise-register`, `enterprise-followup`
// (the confirmation request, on the fake channels), `enterprise-confirm`, `stripe-webhook`, and `webhook-events`, whose last stage reports to the fake
// Google Data Manager and Meta Conversions API. Hooks are registered by `funnelStack()`.
export const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
export { GOOGLE_ACTIONS }

export type Clicks = Partial<Record<'gclid' | 'gbraid' | 'wbraid' | 'fbclid' | 'msclkid', string>>
export type LeadAnswer = { id: string; status: string; verified: boolean; booking?: { ref: string; sig: string } }

/** The attribution the page sends: the visit's click a minute ago, consent from the banner. */
export const visit = (clickIds: Clicks, adUserData: 'granted' | 'denied' = 'granted') => ({
  platform: 'google',
  keyword: 'vet reviews',
  clickIds,
  clickAt: Date.now() - 60_000,
  landingUrl: 'https://site.test/vet',
  consent: {
    asked: true,
    source: 'banner',
    ad_storage: adUserData,
    ad_user_data: adUserData,
    ad_personalization: 'denied',
    analytics_storage: 'granted',
  },
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const ALL = ['leads', 'cal-webhook', 'enterprise-register', 'enterprise-followup', 'enterprise-confirm', 'stripe-webhook', 'webhook-events']

/** `names`: the functions a file needs (all of them by default). */
export function funnelStack(names: readonly string[] = ALL) {
  const s = {} as {
    pg: PgCluster
    board: FakeBoard
    channels: FakeAlerts
    siteverify: FakeSiteverify
    google: FakeGoogleDm
    meta: FakeMetaCapi
    fns: Record<string, DenoFunction>
  }
  let clients = 0

  beforeAll(async () => {
    loopbackPassesThrough()
    ;[s.pg, s.board, s.channels, s.siteverify, s.google, s.meta] = await Promise.all([
      startPgCluster(),
      startFakeBoard(),
      startFakeAlerts(),
      startFakeSiteverify(),
      startFakeGoogleDm(),
      startFakeMetaCapi(),
    ])
    const env = funnelEnv(s)
    const started = await Promise.all(names.map((name) => startFunction(name, env)))
    s.fns = Object.fromEntries(names.map((name, i) => [name, started[i]!]))
  }, 180_000)

  afterAll(async () => {
    await Promise.all(Object.values(s.fns ?? {}).map((fn) => fn.stop()))
    await Promise.all([s.board?.close(), s.channels?.close(), s.siteverify?.stop(), s.google?.close(), s.meta?.close()])
    await s.pg?.stop()
  })

  beforeEach(async () => {
    loopbackPassesThrough()
    await s.pg
      .sql`truncate leads, lead_bookings, enterprise_registrations, enterprise_registration_days, stripe_webhook_events, notifications, ad_conversions`
    s.channels.clear()
  })

  const headers = (userAgent: string | undefined) => ({
    origin: ORIGIN,
    'cf-connecting-ip': `10.9.0.${++clients % 250}`,
    ...(userAgent !== undefined && { 'user-agent': userAgent }),
  })

  /** The lead form's post, as the page sends it: Turnstile's answer (`passed`: one the fake issued), the click, the browser. */
  async function postLead(o: { clickIds: Clicks; passed?: boolean; honeypot?: string; email?: string; userAgent?: string }) {
    const body = submission({
      submissionId: crypto.randomUUID(),
      lead: {
        locations: '2-10',
        name: 'Ada Lovelace',
        phone: '0422470721',
        email: o.email ?? 'ada@example.com',
        business: '1 St',
        note: '',
      },
      guard: { honeypot: o.honeypot ?? '', fillMs: 12_000 },
      attribution: visit(o.clickIds) as never,
      turnstileToken: o.passed === false ? 'not.a.token' : s.siteverify.issue({ action: 'lead', ageMs: 20_000 }),
    })
    const res = await fetchWithin(s.fns.leads!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(o.userAgent ?? UA) },
      body: JSON.stringify(body),
      within: 10_000,
    })
    expect(res.status).toBe(200)
    return { submissionId: body.submissionId, ...((await res.json()) as LeadAnswer) }
  }

  /** The calendar's signed BOOKING_CREATED, its link carrying the lead's signed reference (`null`: a link without one). */
  async function book(answer: LeadAnswer | null, uid = `uid-${crypto.randomUUID()}`) {
    const link = answer ? { submissionId: answer.booking!.ref, sig: answer.booking!.sig } : {}
    const body = calBody('BOOKING_CREATED', { uid, ...link, phone: '+61 422 470 721' })
    const res = await fetchWithin(s.fns['cal-webhook']!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cal-signature-256': createHmac('sha256', CAL_SECRET).update(body).digest('hex') },
      body,
      within: 10_000,
    })
    // Recorded; the worker acts.
    expect(res.status).toBe(202)
    return uid
  }

  /** The enterprise wizard's registration (its own Turnstile answer); its row id. */
  async function register(o: { email: string; clickIds?: Clicks; userAgent?: string }) {
    const row = { ...registrationInsert(), email: o.email, attribution: visit(o.clickIds ?? {}) }
    const res = await fetchWithin(s.fns['enterprise-register']!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(o.userAgent ?? UA) },
      body: JSON.stringify({ ...row, turnstileToken: s.siteverify.issue({ action: 'registration', ageMs: 20_000 }) }),
      within: 10_000,
    })
    expect(res.status).toBe(201)
    const [found] = await s.pg.sql<{ id: string }[]>`select id from enterprise_registrations where submission_id = ${row.submission_id}`
    return found!.id
  }

  /** The follow-through e-mails the confirmation link; the registrant presses the button on the /confirm page it opens. */
  async function confirm(registrationId: string, email: string) {
    expect((await runFollowup(s.fns['enterprise-followup']!.url, CRON_SECRET)).status).toBe(200)
    const token = confirmTokenIn(s.channels.emails, email)
    expect(token?.startsWith(`${registrationId}.`)).toBe(true)
    const res = await fetch(s.fns['enterprise-confirm']!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ token }),
    })
    expect(await res.json()).toEqual({ result: 'confirmed' })
  }

  /**
   * Stripe's signed invoice.paid for the registration's invoice, paid in full now. The invoice id is
   * written as the follow-through records the invoice it sent (enterprise-followup's own tests send it).
   */
  async function pay(registrationId: string, invoiceId = `in_${crypto.randomUUID().slice(0, 8)}`) {
    await s.pg.sql`update enterprise_registrations set stripe_invoice_id = ${invoiceId} where id = ${registrationId}`
    const total = invoiceAmountCents({ plan: validRegistration.selected_plan, billingCycle: validRegistration.billing_cycle })
    const paidAt = Math.floor(Date.now() / 1000)
    const invoice = invoiceObject({ id: invoiceId, registrationId, total, status: 'paid', amountPaid: total, paidAt })
    expect((await deliverStripe(s.fns['stripe-webhook']!.url, eventBody('invoice.paid', invoice))).status).toBe(202)
    return { invoiceId, total }
  }

  /** One Cron run of webhook-events (bookings, payments, ..., conversions last); its conversions tally. */
  async function work(): Promise<Record<string, number>> {
    await sleep(350)
    const res = await fetchWithin(s.fns['webhook-events']!.url, {
      method: 'POST',
      headers: { 'x-cron-secret': CRON_SECRET },
      within: 20_000,
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { conversions: Record<string, number> }).conversions
  }

  const conversions = () =>
    s.pg.sql<Record<string, unknown>[]>`
      select platform, dedup_key, kind, status, skip_reason, last_error, attempts, value_usd from ad_conversions order by id`

  return {
    get pg() {
      return s.pg
    },
    get google() {
      return s.google
    },
    get meta() {
      return s.meta
    },
    get fns() {
      return s.fns
    },
    ...{ postLead, book, register, confirm, pay, work, conversions, headers },
  }
}
