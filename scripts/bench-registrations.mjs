// `npm run bench:registrations`: a load run of the enterprise follow-through, not a timed test.
// PostgreSQL (throwaway cluster), the fake board, alert channels (webhook and Resend) and Stripe, and
// `enterprise-followup` under Deno. 200 registrations are inserted 20 at a time as
// `enterprise-register` does (its connection, `request.headers` naming the visitor's address, each
// visitor its own address, `verified` as a passed bot check), plus retried Confirms of some
// submission ids (the unique key answers them: success). The follow-through runs in two halves, as
// for a registrant (issue 35.2): first the board item and note, the sales alert and a request to
// confirm the address (one per registration: each has its own address, so none meets the
// address's daily limit), then every registration waits; each is confirmed
// (`confirm_enterprise_registration`, as `enterprise-confirm` does), and the second half adds the
// board's 'E-mail confirmed' note, the welcome e-mail and the Stripe invoice.
// Every fake misbehaves, seeded, in two ways: --fail-share of the calls are refused (500s, 429s,
// hangs past the timeout, nothing done), and --unanswered-share are taken, then unanswered: the fake
// does what was asked (the board's item or note, the chat message, the e-mail, each kind of Stripe
// call) and then never answers or drops the connection. Overlapping follow-through runs then work
// until nothing is pending (in each half), and every channel is counted: lost and duplicated, with the answers
// lost there. A chat webhook cannot tell a repeat: its resends are counted and each is traced to a
// lost answer (one with none is a duplicate). Target: 0 lost everywhere, 0 duplicated on the board,
// e-mail and Stripe; exit 1 otherwise.
// Options: --registrations N (or --count N), --concurrency N, --runners N, --repeat-share X,
// --fail-share X, --unanswered-share X, --seed N.
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { startFunction } from '../tests/support/deno-function.mjs'
import { RESEND_KEY, startFakeAlerts } from '../tests/support/fake-alerts.mjs'
import { startFakeBoard } from '../tests/support/fake-board.mjs'
import { STRIPE_KEY, startFakeStripe } from '../tests/support/fake-stripe.mjs'
import { startPgCluster } from '../tests/support/pg-cluster.mjs'
import { channelReport, chatReport, faultPicker, list, lostByKind, mulberry32, percentile, sleep } from './bench/load-run.mjs'
import { fetchWithin } from './fetch-within.mjs'

const { values: opts } = parseArgs({
  options: {
    registrations: { type: 'string', default: '200' },
    count: { type: 'string' },
    concurrency: { type: 'string', default: '20' },
    runners: { type: 'string', default: '4' },
    'repeat-share': { type: 'string', default: '0.1' },
    'fail-share': { type: 'string', default: '0.2' },
    'unanswered-share': { type: 'string', default: '0.1' },
    seed: { type: 'string', default: '28' },
  },
})
const REGISTRATIONS = Number(opts.count ?? opts.registrations)
const CONCURRENCY = Number(opts.concurrency)
const RUNNERS = Number(opts.runners)
const REPEAT_SHARE = Number(opts['repeat-share'])
const FAIL_SHARE = Number(opts['fail-share'])
const UNANSWERED_SHARE = Number(opts['unanswered-share'])
const DRAIN_LIMIT_MS = 300_000
const SECRET = 'bench-secret'
const SALES = 'sales@bench.example'
const PLANS = ['starter', 'growth']
const CYCLES = ['quarterly', 'biannually']
// Each plan's period total in cents (SPEC §3, src/content/plans.ts): 12 months at the annual price, 6 at the biannual.
const INVOICE_CENTS = {
  'starter/quarterly': 1660 * 12 * 100,
  'starter/biannually': 1845 * 6 * 100,
  'growth/quarterly': 2950 * 12 * 100,
  'growth/biannually': 3470 * 6 * 100,
}
const STRIPE_FAULTS = ['http-500', 'rate-limited']

const random = mulberry32(Number(opts.seed))
// Names hold letters only (the table's check): 0 → 'Aa', 1 → 'Ab', …
const letters = (i) => String.fromCharCode(65 + (Math.floor(i / 26) % 26)) + String.fromCharCode(97 + (i % 26))
const registration = (i) => ({
  submission_id: crypto.randomUUID(),
  name: `Bench Registrant ${letters(i)}`,
  email: `registrant${i}@bench.example`,
  phone: '+61422470721',
  company_name: `Bench ${i} & Co.`,
  full_address: `${i} Load Street, Sydney NSW, Australia`,
  seats: '11-50',
  selected_plan: PLANS[i % 2],
  billing_cycle: CYCLES[Math.floor(i / 2) % 2],
  legal_agreements: { terms: true, privacy: true, cookies: true, dpa: true },
  verified: true,
})
// One address per visitor, as many visitors as registrations: the per-address limit is not under test.
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

const pg = await startPgCluster()
// enterprise-register's database connections: one per visitor at once (anon has no insert, decision 021).
const api = postgres(pg.url, { max: CONCURRENCY, onnotice: () => {} })
const board = await startFakeBoard()
const alerts = await startFakeAlerts()
const stripe = await startFakeStripe({ failShare: FAIL_SHARE, random, faults: STRIPE_FAULTS })
const functions = []

// Refused: nothing done. Taken, then unanswered: the fakes' `unanswered` rate, on every channel.
const boardFaults = faultPicker(random, FAIL_SHARE, ['http-500', 'rate-limited', 'hang'])
const webhookFaults = faultPicker(random, FAIL_SHARE, ['http-500', 'rate-limited', 'hang'])
const resendFaults = faultPicker(random, FAIL_SHARE, ['http-500', 'rate-limited', 'hang'])

/** The insert as enterprise-register runs it (decision 021: anon has no insert): its connection, the trusted header, one transaction. */
async function insert(row, address) {
  return api.begin(async (tx) => {
    await tx`select set_config('request.headers', ${JSON.stringify({ 'cf-connecting-ip': address })}, true)`
    await tx`insert into enterprise_registrations ${tx(row)}`
  })
}

/** Inserts every `[row, address]` from `concurrency` workers; a unique-key conflict is the retry's success. */
async function insertAll(posts) {
  const answers = {}
  const accepted = new Set()
  const latencies = []
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < posts.length) {
        const [row, address] = posts[next++]
        const t0 = performance.now()
        const answer = await insert(row, address).then(
          () => 'inserted',
          (error) => (error.code === '23505' ? 'conflict' : `error ${error.code ?? error.message}`),
        )
        latencies.push(performance.now() - t0)
        answers[answer] = (answers[answer] ?? 0) + 1
        if (answer === 'inserted' || answer === 'conflict') accepted.add(row.submission_id)
      }
    }),
  )
  return { answers, accepted, latencies: latencies.sort((a, b) => a - b) }
}

/** `runners` overlapping Cron runs, each calling again until nothing is pending (registrations or staff messages); rounds and seconds. */
async function drain(url) {
  const started = performance.now()
  let rounds = 0
  // The staff messages a run queued (the notifications outbox) are part of the work: a retry of one waits its backoff.
  const pending = async () =>
    (
      await pg.sql`select ((select count(*) from enterprise_registrations where status = 'pending')
        + (select count(*) from notifications where status = 'pending'))::int as n`
    )[0].n
  await Promise.all(
    Array.from({ length: RUNNERS }, async () => {
      for (;;) {
        const left = await pending()
        if (left === 0) return
        if (performance.now() - started > DRAIN_LIMIT_MS) throw new Error(`${left} registrations still pending`)
        await fetchWithin(url, { method: 'POST', headers: { 'x-cron-secret': SECRET }, within: 120_000 }).then(
          (res) => res.text(),
          () => undefined,
        )
        rounds++
        await sleep(100)
      }
    }),
  )
  return { rounds, seconds: (performance.now() - started) / 1000 }
}

/**
 * Stripe, each kind of call: customers, invoices, their lines, and sends (each send counted) that
 * are right: the period total in USD, sent to be paid in 14 days. Nothing when the follow-through
 * made no Stripe call (no invoice step).
 */
function stripeChannels(expected, centsById) {
  if (stripe.requests.length === 0) return []
  const lostFor = (...operations) => stripe.lostAnswers.filter((lost) => operations.includes(lost.operation)).length
  const invoices = [...stripe.invoices.values()].filter((invoice) => invoice.metadata?.registration_id)
  const right = (invoice) =>
    invoice.amount_due === centsById.get(invoice.metadata.registration_id) &&
    invoice.currency === 'usd' &&
    invoice.collection_method === 'send_invoice' &&
    invoice.days_until_due === 14
  const wrong = invoices.filter((invoice) => !right(invoice)).length
  const sent = channelReport(
    'Stripe invoices sent',
    expected,
    invoices.filter(right).flatMap((invoice) => Array.from({ length: invoice.sends }, () => invoice.metadata.registration_id)),
    lostFor('invoices.finalize', 'invoices.send'),
  )
  return [
    channelReport(
      'Stripe customers',
      expected,
      [...stripe.customers.values()].map((customer) => customer.metadata?.registration_id),
      lostFor('customers.create'),
    ),
    channelReport(
      'Stripe invoices',
      expected,
      invoices.map((invoice) => invoice.metadata.registration_id),
      lostFor('invoices.create'),
    ),
    channelReport(
      'Stripe invoice lines',
      expected,
      invoices.flatMap((invoice) => invoice.lines.map(() => invoice.metadata.registration_id)),
      lostFor('invoiceitems.create'),
    ),
    { ...sent, ok: sent.ok && wrong === 0, line: `${sent.line}${wrong ? `, ${wrong} wrong (amount, currency or terms)` : ''}` },
  ]
}

/** Each registrant presses the confirm button once (`enterprise-confirm`'s call), `concurrency` at once; answers by kind. */
async function confirmAll() {
  const ids = (await pg.sql`select id from enterprise_registrations order by created_at`).map((row) => row.id)
  const answers = {}
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const id = ids[next++]
        const [{ answer }] = await api`select public.confirm_enterprise_registration(${id}) as answer`
        answers[answer] = (answers[answer] ?? 0) + 1
      }
    }),
  )
  return answers
}

const CONFIRM_REQUEST_KEY = 'enterprise-confirm-request/'
const WELCOME_KEY = 'enterprise-welcome/'
const registrationIdIn = (text) => /Registration id: ([0-9a-f-]{36})/.exec(text)?.[1]

try {
  await pg.sql`update enterprise_registration_settings set daily_cap = ${REGISTRATIONS * 10}`
  board.failRandomly(() => boardFaults(), ['create_item', 'create_update', 'find_item', 'item_updates'])
  alerts.failRandomly((name) => (name === 'webhook' ? webhookFaults() : resendFaults()))
  board.unanswered({ share: UNANSWERED_SHARE, random })
  alerts.unanswered({ share: UNANSWERED_SHARE, random })
  stripe.unanswered({ share: UNANSWERED_SHARE, random })
  const followup = await startFunction('enterprise-followup', {
    SUPABASE_DB_URL: pg.url,
    MONDAY_API_TOKEN: 'bench-token',
    MONDAY_BOARD_ID: '123',
    MONDAY_API_URL: board.url,
    BOARD_TIMEOUT_MS: '1000',
    STRIPE_TIMEOUT_MS: '1000',
    RESEND_TIMEOUT_MS: '1000',
    // Longer than one registration's slowest pass (every step hanging to its timeout), so a claim never lapses mid-way.
    ENTERPRISE_LEASE_MS: '60000',
    ENTERPRISE_BACKOFF_BASE_MS: '100',
    ENTERPRISE_BACKOFF_MAX_MS: '1000',
    // 20% of calls failing never exhausts it: the run counts what retries deliver, not give-ups.
    ENTERPRISE_MAX_ATTEMPTS: '100',
    // The sales alerts go through the notifications outbox: its retries come as fast as the registrations' here.
    NOTIFY_LEASE_MS: '60000',
    NOTIFY_BACKOFF_BASE_MS: '100',
    NOTIFY_BACKOFF_MAX_MS: '1000',
    NOTIFY_MAX_ATTEMPTS: '100',
    CRON_SECRET: SECRET,
    CONFIRM_LINK_SECRET: 'bench-confirm-link-secret',
    SITE_URL: 'https://bench.example',
    ALERT_WEBHOOK_URL: alerts.webhookUrl,
    RESEND_API_URL: alerts.resendUrl,
    RESEND_API_KEY: RESEND_KEY,
    ALERT_EMAIL_TO: SALES,
    ALERT_EMAIL_FROM: 'alerts@bench.example',
    ENTERPRISE_EMAIL_FROM: 'welcome@bench.example',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_API_URL: stripe.url,
  })
  functions.push(followup)

  const distinct = Array.from({ length: REGISTRATIONS }, (_, i) => [registration(i), addressOf(i + 1)])
  const posts = [...distinct]
  // Retried Confirms (the same submission, from the same visitor) land at random places, some concurrently.
  for (let i = 0; i < Math.round(REGISTRATIONS * REPEAT_SHARE); i++) {
    posts.splice(Math.floor(random() * posts.length), 0, distinct[Math.floor(random() * REGISTRATIONS)])
  }
  const inserted = await insertAll(posts)
  const drained = await drain(followup.url)
  // Nothing but the request to confirm may reach the registrant before they confirm.
  const early = {
    welcome: alerts.emails.filter((email) => email.idempotencyKey?.startsWith(WELCOME_KEY)).length,
    stripe: stripe.requests.length,
  }
  const confirmed = await confirmAll()
  const drainedAfter = await drain(followup.url)
  await board.quiet()
  board.failRandomly(null)
  alerts.failRandomly(null)
  board.unanswered(null)
  alerts.unanswered(null)
  stripe.unanswered(null)

  const rows = await pg.sql`
    select id, submission_id, email, status, over_daily_cap, selected_plan, billing_cycle from enterprise_registrations`
  const bySubmission = new Set(distinct.map(([row]) => row.submission_id))
  const ids = new Set(rows.map((row) => row.id))
  const followed = new Set(rows.filter((row) => !row.over_daily_cap).map((row) => row.id))
  const idByEmail = new Map(rows.map((row) => [row.email, row.id]))
  const salesEmails = alerts.emails.filter((email) => email.to.includes(SALES) && email.subject.startsWith('New enterprise registration'))
  const lostOn = (channel) => alerts.lostAnswers.filter((lost) => lost.channel === channel)
  const boardLost = (operation) => board.lostAnswers.filter((lost) => lost.operation === operation).length
  const toRegistrant = (keyPrefix) => alerts.emails.filter((email) => email.idempotencyKey?.startsWith(keyPrefix))
  const lostToRegistrant = (keyPrefix) => lostOn('email').filter((lost) => lost.idempotencyKey?.startsWith(keyPrefix)).length
  // Notes are told apart by their reference line: `Ref: reg-<id>/note`, `Ref: reg-<id>/confirmed`.
  const noteId = (suffix) => (body) => new RegExp(`Ref: reg-([0-9a-f-]{36})/${suffix}\\b`).exec(body)?.[1]
  const notesOf = (suffix) => board.notes.map((note) => noteId(suffix)(note.body)).filter(Boolean)
  const notesLost = (suffix) =>
    board.lostAnswers.filter((lost) => lost.operation === 'create_update' && noteId(suffix)(lost.body ?? '')).length
  const channels = [
    channelReport(
      'registrations recorded',
      new Set([...bySubmission].filter((id) => inserted.accepted.has(id))),
      rows.map((row) => row.submission_id),
    ),
    channelReport(
      'board items',
      ids,
      [...board.items.values()].map((item) => item.submissionId),
      boardLost('create_item'),
    ),
    channelReport('board notes', ids, notesOf('note'), notesLost('note')),
    channelReport("board notes: 'E-mail confirmed'", ids, notesOf('confirmed'), notesLost('confirmed')),
    chatReport(
      'chat: sales alerts (webhook)',
      ids,
      alerts.webhook
        .filter((message) => message.text.includes('New enterprise registration'))
        .map((message) => registrationIdIn(message.text)),
      lostOn('webhook').map((lost) => registrationIdIn(lost.text ?? '')),
    ),
    channelReport(
      'e-mail: sales alerts',
      ids,
      salesEmails.map((email) => registrationIdIn(email.text)),
      lostOn('email').filter((lost) => lost.to?.includes(SALES)).length,
    ),
    channelReport(
      'e-mail: requests to confirm',
      followed,
      toRegistrant(CONFIRM_REQUEST_KEY).flatMap((email) => email.to.map((to) => idByEmail.get(to))),
      lostToRegistrant(CONFIRM_REQUEST_KEY),
    ),
    channelReport(
      'e-mail: welcome',
      followed,
      toRegistrant(WELCOME_KEY).flatMap((email) => email.to.map((to) => idByEmail.get(to))),
      lostToRegistrant(WELCOME_KEY),
    ),
    ...stripeChannels(followed, new Map(rows.map((row) => [row.id, INVOICE_CENTS[`${row.selected_plan}/${row.billing_cycle}`]]))),
  ]
  const statuses = Object.fromEntries(rows.reduce((counts, row) => counts.set(row.status, (counts.get(row.status) ?? 0) + 1), new Map()))
  console.log(
    [
      `inserted ${posts.length} (${REGISTRATIONS} distinct + ${posts.length - REGISTRATIONS} retried Confirms, concurrency ${CONCURRENCY}, one address each)`,
      `answers ${list(inserted.answers)}`,
      `refused (${Math.round(FAIL_SHARE * 100)}% of calls, nothing done): board ${list(boardFaults.counted)}; webhook ${list(webhookFaults.counted)}; Resend ${list(resendFaults.counted)}`,
      `taken, then unanswered (${Math.round(UNANSWERED_SHARE * 100)}% of calls): board ${lostByKind(board.lostAnswers, (lost) => lost.operation)}; chat and e-mail ${lostByKind(alerts.lostAnswers, (lost) => (lost.channel === 'webhook' ? 'chat' : 'e-mail'))}; Stripe ${lostByKind(stripe.lostAnswers, (lost) => lost.operation)}`,
      stripe.requests.length > 0
        ? `Stripe ${stripe.requests.length} calls, ${Math.round(FAIL_SHARE * 100)}% refused (${STRIPE_FAULTS.join(', ')})`
        : 'Stripe: no calls (this follow-through has no invoice step), not counted',
      `before confirming: ${early.welcome} welcome e-mails, ${early.stripe} Stripe calls; confirmed ${list(confirmed)}`,
      `registrations ${list(statuses)}, over the daily cap ${rows.filter((row) => row.over_daily_cap).length}`,
      ...channels.map((c) => c.line),
      `p50 insert latency ${Math.round(percentile(inserted.latencies, 50))} ms`,
      `p95 insert latency ${Math.round(percentile(inserted.latencies, 95))} ms`,
      `drain ${drained.rounds} follow-through runs (${RUNNERS} at once), ${drained.seconds.toFixed(1)} s until nothing pending; after confirming ${drainedAfter.rounds} runs, ${drainedAfter.seconds.toFixed(1)} s`,
    ].join('\n'),
  )
  const allDone = (statuses.done ?? 0) === rows.length
  if (!channels.every((c) => c.ok) || !allDone || early.welcome + early.stripe > 0) process.exitCode = 1
} finally {
  await Promise.all(functions.map((fn) => fn.stop()))
  await api.end({ timeout: 1 })
  await Promise.all([board.close(), alerts.close(), stripe.close()])
  await pg.stop()
}
