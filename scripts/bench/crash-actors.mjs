// The people in the crash bench: visitors who send leads and register (through the real front
// doors, each with a fresh bot-check token and its own address), and registrants who, like a person,
// confirm their address from the link in the e-mail they got and pay the invoice Stripe sent them;
// Stripe then tells `stripe-webhook` (signed), and now and then tells it twice, as it does after
// an answer it did not get.
import Stripe from 'stripe'
import { ORIGIN, WEBHOOK_SECRET } from './crash-stack.mjs'
import { sleep } from './load-run.mjs'
import { fetchWithin } from '../fetch-within.mjs'

const CONFIRM_REQUEST_KEY = 'enterprise-confirm-request/'
const PLANS = ['starter', 'growth']
const CYCLES = ['quarterly', 'biannually']
// Names hold letters only (the registrations table's check): 0 → 'Aa', 1 → 'Ab', …
const letters = (i) => String.fromCharCode(65 + (Math.floor(i / 26) % 26)) + String.fromCharCode(97 + (i % 26))

/** A visitor's post; a dropped connection is sent again, as the browser's retry does (the same submission id). */
async function post(url, body, address, tries = 3) {
  try {
    const res = await fetchWithin(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': address },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      within: 15_000,
    })
    return { status: res.status, body: await res.json().catch(() => ({})) }
  } catch (error) {
    if (tries <= 1) throw error
    await new Promise((resolve) => setTimeout(resolve, 200))
    return post(url, body, address, tries - 1)
  }
}

/** Lead `i` through `leads`, its submission id kept under its name in `leads` (the chat names it). */
async function sendLead(stack, i, leads) {
  const name = `Crash Lead ${letters(i)}`
  const body = {
    submissionId: crypto.randomUUID(),
    lead: { locations: '2-10', name, phone: '0422470721', email: `lead${i}@crash.example`, business: `${i} Crash St` },
    tracking: { platform: 'bench', keyword: '' },
    source: { path: '/', label: 'Homepage' },
    guard: { honeypot: '', fillMs: 8_000 },
    turnstileToken: stack.siteverify.issue({ action: 'lead' }),
  }
  const answer = await post(stack.front.leads.url, body, `198.51.100.${(i % 250) + 1}`)
  if (answer.status !== 200 || answer.body.verified !== true) throw new Error(`lead ${i}: ${answer.status} ${JSON.stringify(answer.body)}`)
  leads.set(name, body.submissionId)
}

/** Registration `i` through `enterprise-register`, its registrant (id, e-mail, address) added to `registrants`. */
async function register(stack, i, registrants) {
  const address = `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`
  const body = {
    submission_id: crypto.randomUUID(),
    name: `Crash Registrant ${letters(i)}`,
    email: `registrant${i}@crash.example`,
    phone: '+61422470721',
    company_name: `Crash ${i} & Co.`,
    full_address: `${i} Crash Street, Sydney NSW, Australia`,
    seats: '11-50',
    selected_plan: PLANS[i % 2],
    billing_cycle: CYCLES[Math.floor(i / 2) % 2],
    legal_agreements: { terms: true, privacy: true, cookies: true, dpa: true },
    turnstileToken: stack.siteverify.issue({ action: 'registration' }),
  }
  const answer = await post(stack.front.register.url, body, address)
  if (answer.status !== 201 || answer.body.verified !== true)
    throw new Error(`registration ${i}: ${answer.status} ${JSON.stringify(answer.body)}`)
  // The row's id names it everywhere staff look (board column, alerts, Stripe metadata).
  const [row] = await stack.pg.sql`select id from enterprise_registrations where submission_id = ${body.submission_id}`
  registrants.push({ id: row.id, email: body.email, address, confirmed: false, paid: null })
}

/**
 * The visitors: `count.leads` leads and `count.registrations` registrations. The first half of each
 * arrive at once (a backlog for the first runs), the rest interleaved one every `gapMs`, so they keep
 * arriving while the workers run (and are killed).
 */
export async function visitorsArrive(stack, count, { leads, registrants, gapMs }) {
  const first = { leads: Math.ceil(count.leads / 2), registrations: Math.ceil(count.registrations / 2) }
  for (let i = 0; i < first.leads; i++) await sendLead(stack, i, leads)
  for (let i = 0; i < first.registrations; i++) await register(stack, i, registrants)
  for (let l = first.leads, r = first.registrations; l < count.leads || r < count.registrations; l++, r++) {
    await sleep(gapMs)
    if (l < count.leads) await sendLead(stack, l, leads)
    if (r < count.registrations) await register(stack, r, registrants)
  }
}

function paidEvent(invoice) {
  const created = Math.floor(Date.now() / 1000)
  return JSON.stringify({
    id: `evt_crash_${invoice.id}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'invoice.paid',
    data: { object: { ...invoice, number: `CRASH-${invoice.id}`, livemode: false } },
  })
}

async function tellStripeWebhook(stack, payload) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
  const res = await fetchWithin(stack.front.stripeWebhook.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
    within: 15_000,
  }).catch(() => ({ ok: false }))
  return res.ok
}

const confirmTokenIn = (text) => {
  const match = /\/confirm\?token=([^\s]+)/.exec(text)
  return match ? decodeURIComponent(match[1]) : undefined
}

/**
 * One look at each registrant's inbox and invoices: confirms the address from the newest request's
 * link, pays an invoice Stripe has sent, and makes sure Stripe's event reached us (Stripe retries
 * until it is answered 2xx). `random() < repeatShare` sends an event twice. Answers how many acted.
 */
export async function registrantsAct(stack, registrants, { random, repeatShare }) {
  let acted = 0
  for (const registrant of registrants) {
    if (!registrant.confirmed) {
      const requests = stack.alerts.emails.filter(
        (email) => email.to.includes(registrant.email) && email.idempotencyKey?.startsWith(CONFIRM_REQUEST_KEY),
      )
      const token = requests.length ? confirmTokenIn(requests[requests.length - 1].text) : undefined
      if (token) {
        const answer = await post(stack.front.confirm.url, { token }, registrant.address).catch(() => ({ status: 0, body: {} }))
        if (answer.status === 200) ((registrant.confirmed = true), acted++)
      }
    }
    if (registrant.confirmed && !registrant.paid) {
      const invoice = stack.stripe.invoicesFor(registrant.id).find((each) => each.status === 'open' && each.sends > 0)
      if (invoice) {
        stack.stripe.payInvoice(invoice.id)
        const [paid] = stack.stripe.invoicesFor(registrant.id).filter((each) => each.id === invoice.id)
        registrant.paid = { payload: paidEvent(paid), told: false }
        acted++
      }
    }
    if (registrant.paid && !registrant.paid.told) {
      registrant.paid.told = await tellStripeWebhook(stack, registrant.paid.payload)
      if (registrant.paid.told && random() < repeatShare) await tellStripeWebhook(stack, registrant.paid.payload)
      acted++
    }
  }
  return acted
}
