import { pgPaymentEvents } from '../_shared/enterprise/payment-events.ts'
import { serve } from '../_shared/http/serve.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { createStripeWebhookHandler } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 4, statementTimeoutMs: 5_000 }) : undefined

serve(
  createStripeWebhookHandler({
    secret: env('STRIPE_WEBHOOK_SECRET'),
    payments: sql && pgPaymentEvents(sql),
    logger: consoleLogger,
  }),
)
