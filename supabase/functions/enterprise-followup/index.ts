import { alertConfig } from '../_shared/alerts/config.ts'
import { DEFAULT_RESEND_API_URL } from '../_shared/alerts/channels.ts'
import { boardFrom } from '../_shared/board/board.ts'
import { boardSettings } from '../_shared/board/settings.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { pgNeedsALook } from '../_shared/alerts/needs-a-look-summary.ts'
import { enterpriseConfig } from '../_shared/enterprise/config.ts'
import { welcomeSettings } from '../_shared/enterprise/welcome-settings.ts'
import { pgRegistrationStore } from '../_shared/enterprise/registration.ts'
import { stripeInvoicing } from '../_shared/enterprise/stripe-invoicing.ts'
import { serve } from '../_shared/http/serve.ts'
import { env, envInt } from '../_shared/runtime/env.ts'
import { cronSecret } from '../_shared/http/secret.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { notificationsWorker } from '../_shared/notify/worker.ts'
import { createFollowupHandler } from './handler.ts'
import { FOLLOWUP_TIMING } from './timing.ts'
import { followupWorker } from './settings.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 5_000) }) : undefined
const boardConfig = boardSettings(env)
const board = boardFrom({ ...boardConfig, fetch }, 0)
const { leaseMs, backoff } = followupWorker(env)
// Stripe and Resend wait by their own timeouts, not the board's.
const enterprise = enterpriseConfig(leaseMs, env)
for (const warning of enterprise.warnings) consoleLogger.warn(warning)
const alerting = alertConfig(fetch)
const apiKey = env('RESEND_API_KEY')
const from = env('ENTERPRISE_EMAIL_FROM')
if (!apiKey || !from) consoleLogger.warn('enterprise confirmation e-mail is off: set RESEND_API_KEY and ENTERPRISE_EMAIL_FROM')
const confirmSecret = env('CONFIRM_LINK_SECRET')
const siteUrl = env('SITE_URL')
if (!confirmSecret || !siteUrl)
  consoleLogger.warn('enterprise e-mails to registrants are off (no request to confirm can be sent): set CONFIRM_LINK_SECRET and SITE_URL')
// The agency's phone, logo and business details for the registrant's e-mails.
const welcome = welcomeSettings(env)
if (welcome.phoneProblem) consoleLogger.error(welcome.phoneProblem)
if (!enterprise.stripe) consoleLogger.warn('enterprise invoices are off (the sales alert asks for one by hand): set STRIPE_SECRET_KEY')

serve(
  createFollowupHandler({
    secret: cronSecret(env, consoleLogger),
    store: sql && pgRegistrationStore(sql),
    needsALook: sql && pgNeedsALook(sql),
    board,
    groupId: boardConfig.enterpriseGroupId,
    channels: alerting.channels,
    confirmation:
      apiKey && from
        ? {
            apiUrl: env('RESEND_API_URL') ?? DEFAULT_RESEND_API_URL,
            apiKey,
            from,
            replyTo: env('ENTERPRISE_EMAIL_REPLY_TO') ?? env('ALERT_EMAIL_TO')?.split(',')[0]?.trim(),
            supportPhone: welcome.supportPhone,
            welcome,
          }
        : undefined,
    confirmLink: confirmSecret && siteUrl ? { secret: confirmSecret, siteUrl } : undefined,
    invoicing: enterprise.stripe && stripeInvoicing(enterprise.stripe),
    fetch,
    backoff: { ...backoff, random: Math.random },
    logger: consoleLogger,
    now: () => new Date(),
    timeoutMs: enterprise.resendTimeoutMs,
    leaseMs,
    budgetMs: envInt('ENTERPRISE_BUDGET_MS', FOLLOWUP_TIMING.budgetMs),
    sendNotifications: sql && notificationsWorker(sql, alerting, consoleLogger),
    batchSize: envInt('ENTERPRISE_BATCH_SIZE', 20),
  }),
)
