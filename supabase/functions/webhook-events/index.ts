import { alertConfig } from '../_shared/alerts/config.ts'
import { bookingsConfig } from '../_shared/bookings/config.ts'
import { pgBookingStore } from '../_shared/bookings/pg-booking-store.ts'
import { boardFrom } from '../_shared/board/board.ts'
import { boardSettings } from '../_shared/board/settings.ts'
import { enterpriseConfig, paymentsWorker } from '../_shared/enterprise/config.ts'
import { pgPaymentEvents } from '../_shared/enterprise/payment-events.ts'
import { stripeMode } from '../_shared/enterprise/stripe-mode.ts'
import { stripePaymentLookups } from '../_shared/enterprise/stripe-payments.ts'
import { serve } from '../_shared/http/serve.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env } from '../_shared/runtime/env.ts'
import { cronSecret } from '../_shared/http/secret.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { notificationsWorker } from '../_shared/notify/worker.ts'
import { createWebhookEventsHandler } from './handler.ts'
import { decisionGroups, decisionsWorker } from '../_shared/board/decision-settings.ts'
import { pgDecisionStore } from '../_shared/board/pg-decision-store.ts'
import { googleSettings, metaSettings } from '../_shared/conversions/config.ts'
import { pgConversionStore } from '../_shared/conversions/conversion-store.ts'
import { googleDataManager } from '../_shared/conversions/google-client.ts'
import { metaConversions } from '../_shared/conversions/meta-client.ts'
import { conversionsWorker } from '../_shared/conversions/worker-config.ts'
import { agencyCountry } from '../_shared/runtime/phone.ts'

const config = bookingsConfig(env)
const payments = paymentsWorker(env)
const decisions = decisionsWorker(env)
const groups = decisionGroups(env)
const conversions = conversionsWorker(env)
const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { statementTimeoutMs: 5_000 }) : undefined
const alerting = alertConfig(fetch)
const stripe = enterpriseConfig(payments.leaseMs, env)
const mode = stripeMode(env)
for (const warning of [...stripe.warnings, ...mode.warnings]) consoleLogger.warn(warning)
consoleLogger.info(`webhook-events: Stripe ${mode.mode ?? 'either'} mode (${mode.source})`)

serve(
  createWebhookEventsHandler({
    secret: cronSecret(env, consoleLogger),
    bookings: sql && pgBookingStore(sql),
    payments: sql && pgPaymentEvents(sql),
    decisions: sql && { store: pgDecisionStore(sql), ...groups },
    // No waiting inside a call: a board that asks for time gets it through next_attempt_at.
    board: boardFrom({ ...boardSettings(env), timeoutMs: config.boardTimeoutMs, fetch }, 0),
    payment: {
      ops: alerting.ops,
      mode: mode.mode,
      lookups: stripe.stripe && stripePaymentLookups({ ...stripe.stripe, taxRateId: stripe.stripe.invoice.taxRateId }),
      taxRateId: env('STRIPE_TAX_RATE_ID'),
    },
    logger: consoleLogger,
    // A platform left unset is not an error: its rows are recorded as skipped, 'not-configured'.
    conversions: sql && {
      store: pgConversionStore(sql),
      clients: {
        google: googleDataManager(googleSettings(env, agencyCountry()), fetch),
        meta: metaConversions(metaSettings(env, agencyCountry()), fetch),
      },
      leaseMs: conversions.leaseMs,
      backoff: { ...conversions.backoff, random: Math.random },
      batchSize: conversions.batchSize,
    },
    // Payments, mismatches, money back and failures are queued with what causes them; sent here, last.
    sendNotifications: sql && notificationsWorker(sql, alerting, consoleLogger),
    now: () => new Date(),
    workers: {
      bookings: { leaseMs: config.leaseMs, backoff: { ...config.backoff, random: Math.random } },
      payments: { leaseMs: payments.leaseMs, backoff: { ...payments.backoff, random: Math.random } },
      decisions: { leaseMs: decisions.leaseMs, backoff: { ...decisions.backoff, random: Math.random } },
    },
    leadWaitMs: config.leadWaitMs,
    reviewGroupId: groups.reviewGroupId,
    batchSize: config.batchSize,
    budgetMs: config.budgetMs,
  }),
)
