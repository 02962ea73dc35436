// The crash bench's stack (`npm run bench:crash`, tests/functions/crash-bench.test.ts): a throwaway
// PostgreSQL with every migration, the fakes (board, chat webhook and Resend, Stripe, siteverify),
// each answering after `latencyMs`, the front doors under Deno (`leads`, `enterprise-register`,
// `enterprise-confirm`, `stripe-webhook`), which are never killed, and the three Cron-called workers
// (`leads-redeliver`, `enterprise-followup`, `webhook-events`), which the bench kills and starts again.
import { freePort, startFunction } from '../../tests/support/deno-function.mjs'
import { RESEND_KEY, startFakeAlerts } from '../../tests/support/fake-alerts.mjs'
import { startFakeBoard } from '../../tests/support/fake-board.mjs'
import { FAKE_HOSTNAME, FAKE_SECRET, startFakeSiteverify } from '../../tests/support/fake-siteverify.mjs'
import { STRIPE_KEY, startFakeStripe } from '../../tests/support/fake-stripe.mjs'
import { startPgCluster } from '../../tests/support/pg-cluster.mjs'
import { startTap } from './crash-taps.mjs'

export const WORKERS = ['leads-redeliver', 'enterprise-followup', 'webhook-events']
export const CRON_SECRET = 'crash-bench-secret'
export const WEBHOOK_SECRET = 'whsec_crash_bench'
export const ORIGIN = 'http://localhost:5173'
export const SALES = 'sales@crash.example'
/** A claim left by a killed run lapses after this; the clean phase waits longer than it before it calls a run quiet. */
export const LEASE_MS = 4_000
export const BACKOFF_MAX_MS = 1_000
// Each outside call gives up after this (at most half the lease, as the settings require).
const TIMEOUT_MS = '1000'

function settings({ pg, board, alerts, stripe, siteverify }) {
  return {
    SUPABASE_DB_URL: pg.url,
    ALLOWED_ORIGINS: ORIGIN,
    CRON_SECRET,
    MONDAY_API_TOKEN: 'crash-token',
    MONDAY_BOARD_ID: '123',
    MONDAY_API_URL: board.url,
    BOARD_TIMEOUT_MS: TIMEOUT_MS,
    // Faults here are lost answers and kills, never give-ups: what the retries deliver is counted.
    // Each stage reads its own names (docs/leads-pipeline.md, 'Each stage owns its settings').
    BOOKINGS_BOARD_TIMEOUT_MS: TIMEOUT_MS,
    ...Object.fromEntries(
      ['LEADS', 'ENTERPRISE', 'BOOKINGS', 'PAYMENTS', 'DECISIONS', 'NOTIFY'].flatMap((stage) => [
        [`${stage}_LEASE_MS`, String(LEASE_MS)],
        [`${stage}_BACKOFF_BASE_MS`, '100'],
        [`${stage}_BACKOFF_MAX_MS`, String(BACKOFF_MAX_MS)],
        [`${stage}_MAX_ATTEMPTS`, '1000'],
      ]),
    ),
    LEADS_RATE_LIMIT: '100000/60',
    RATE_LIMIT_SALT: 'crash-salt',
    NEW_LEAD_ALERTS: 'true',
    ALERT_WEBHOOK_URL: alerts.webhookUrl,
    RESEND_API_URL: alerts.resendUrl,
    RESEND_API_KEY: RESEND_KEY,
    RESEND_TIMEOUT_MS: TIMEOUT_MS,
    ALERT_EMAIL_TO: SALES,
    ALERT_EMAIL_FROM: 'alerts@crash.example',
    ENTERPRISE_EMAIL_FROM: 'welcome@crash.example',
    CONFIRM_LINK_SECRET: 'crash-confirm-link-secret',
    SITE_URL: 'https://crash.example',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_API_URL: stripe.url,
    STRIPE_TIMEOUT_MS: TIMEOUT_MS,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TURNSTILE_SECRET_KEY: FAKE_SECRET,
    TURNSTILE_VERIFY_URL: siteverify.url,
    TURNSTILE_HOSTNAMES: FAKE_HOSTNAME,
    AGENCY_TIME_ZONE: 'Australia/Sydney',
    // Small batches: the work spreads over many short runs, so more kills land in one that is working.
    REDELIVER_BATCH_SIZE: '5',
    ENTERPRISE_BATCH_SIZE: '3',
    WEBHOOK_EVENTS_BATCH_SIZE: '3',
  }
}

/**
 * Starts everything; `close()` stops it all. `workers[name]` is the running process of each worker;
 * `hooks.afterTaken(worker)` runs after a fake took a worker's call, before the worker has the answer.
 */
export async function startCrashStack({ latencyMs }) {
  const [pg, board, alerts, stripe, siteverify] = await Promise.all([
    startPgCluster(),
    startFakeBoard({ latencyMs }),
    startFakeAlerts(),
    startFakeStripe({ latencyMs }),
    startFakeSiteverify(),
  ])
  alerts.slowWebhook(latencyMs)
  alerts.slowEmail(latencyMs)
  // Every registrant its own address: neither the daily cap nor the per-address limit is under test.
  await pg.sql`update enterprise_registration_settings set daily_cap = 100000`
  const env = settings({ pg, board, alerts, stripe, siteverify })
  const running = []
  const start = async (name, overrides = {}) => {
    const fn = await startFunction(name, { ...env, ...overrides })
    running.push(fn)
    return fn
  }
  // The visitor's `leads` reaches no board (a closed port): every lead is left to the worker under test.
  const deadBoard = `http://127.0.0.1:${await freePort()}/v2`
  const [leads, register, confirm, stripeWebhook] = await Promise.all([
    start('leads', { MONDAY_API_URL: deadBoard }),
    start('enterprise-register'),
    start('enterprise-confirm'),
    start('stripe-webhook'),
  ])
  // Each worker reaches the fakes through its own taps, so a kill can land right after a fake took its call.
  const hooks = { afterTaken: async () => undefined, forwarded: () => undefined }
  const afterTaken = (worker) => hooks.afterTaken(worker)
  const forwarded = (worker, body) => hooks.forwarded(worker, body)
  const taps = []
  const tapped = {}
  for (const name of WORKERS) {
    const [toBoard, toAlerts, toStripe] = await Promise.all(
      [board.url, alerts.webhookUrl, stripe.url].map((url) => startTap(url, name, afterTaken, forwarded)),
    )
    taps.push(toBoard, toAlerts, toStripe)
    tapped[name] = {
      MONDAY_API_URL: `${toBoard.url}${new URL(board.url).pathname}`,
      ALERT_WEBHOOK_URL: `${toAlerts.url}${new URL(alerts.webhookUrl).pathname}`,
      RESEND_API_URL: toAlerts.url,
      STRIPE_API_URL: toStripe.url,
    }
  }
  const workers = Object.fromEntries(await Promise.all(WORKERS.map(async (name) => [name, await start(name, tapped[name])])))
  return {
    hooks,
    pg,
    board,
    alerts,
    stripe,
    siteverify,
    front: { leads, register, confirm, stripeWebhook },
    workers,
    /** Kills the worker's process (SIGKILL), calls `killed()`, and starts a new one in its place. */
    async restart(name, killed = () => undefined) {
      await workers[name].kill()
      killed()
      workers[name] = await start(name, tapped[name])
    },
    async close() {
      await Promise.all(running.map((fn) => fn.stop().catch(() => undefined)))
      await Promise.all([board.close(), alerts.close(), stripe.close(), siteverify.stop(), ...taps.map((tap) => tap.close())])
      await pg.stop()
    },
  }
}
