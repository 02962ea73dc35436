import { alertConfig } from '../_shared/alerts/config.ts'
import { pgPaymentStore } from '../_shared/enterprise/payment.ts'
import { serve } from '../_shared/http/serve.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { createStripeWebhookHandler } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
// A delivery of an event already being handled waits on it (pgPaymentStore): room for a few at once.
const sql = dbUrl ? createDb(dbUrl, { max: 4, statementTimeoutMs: 10_000 }) : undefined

serve(
  createStripeWebhookHandler({
    secret: env('STRIPE_WEBHOOK_SECRET'),
    payments: sql && pgPaymentStore(sql),
    channels: alertConfig(fetch).channels,
    logger: consoleLogger,
  }),
)
