import { alertConfig } from '../_shared/alerts/config.ts'
import { env, envInt } from '../_shared/runtime/env.ts'
import { runAlerts } from '../_shared/alerts/lead-alerts.ts'
import { announceNewLeads, pgNewLeadStore } from '../_shared/alerts/new-lead.ts'
import { boardFrom } from '../_shared/board/board.ts'
import { sharedLeadsConfig } from '../_shared/delivery/config.ts'
import { cronSecret } from '../_shared/http/secret.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { pgAlertStore } from '../_shared/alerts/pg-alert-store.ts'
import { pgLeadStore, pgSpamLeads } from '../_shared/delivery/pg-lead-store.ts'
import { pgNeedsALook, summariseNeedsALook } from '../_shared/alerts/needs-a-look-summary.ts'
import { pruneRateLimits } from '../_shared/limits/pg-rate-counter.ts'
import { serve } from '../_shared/http/serve.ts'
import { notificationsWorker } from '../_shared/notify/worker.ts'
import { createRedeliverHandler } from './handler.ts'
import { REDELIVER_TIMING } from './timing.ts'

const { sql, backoff, leaseMs, ...config } = sharedLeadsConfig()
const board = boardFrom({ ...config, fetch }, 0)
const alerting = alertConfig(fetch)
const now = () => new Date()
const sendNotifications = sql && notificationsWorker(sql, alerting, consoleLogger, now)
if (alerting.incomplete.length) consoleLogger.warn('alert e-mail is off: settings missing', { missing: alerting.incomplete })

serve(
  createRedeliverHandler({
    secret: cronSecret(env, consoleLogger),
    store: sql && pgLeadStore(sql),
    // No waiting inside a call: a board that asks for time gets it through next_attempt_at.
    board,
    backoff: { ...backoff, random: Math.random },
    logger: consoleLogger,
    now,
    leaseMs,
    batchSize: envInt('REDELIVER_BATCH_SIZE', 50),
    concurrency: envInt('REDELIVER_CONCURRENCY', 2),
    budgetMs: envInt('REDELIVER_BUDGET_MS', REDELIVER_TIMING.budgetMs),
    spam: sql && pgSpamLeads(sql),
    sweep: sql && (() => pruneRateLimits(sql)),
    alerts:
      sql &&
      (async () => {
        // Each message is queued in the transaction of what it reports; the outbox sends it (notifications).
        // Sales hears of each new lead at once (NEW_LEAD_ALERTS=true); ops hears of failures.
        if (alerting.newLeadAlerts && alerting.channels.length > 0)
          await announceNewLeads({ store: pgNewLeadStore(sql), logger: consoleLogger })
        // What pages nobody one by one (unverified, spam, held): one summary an hour at most.
        await summariseNeedsALook({ store: pgNeedsALook(sql), channels: alerting.channels, logger: consoleLogger })
        return runAlerts({
          store: pgAlertStore(sql),
          channels: alerting.opsChannels,
          logger: consoleLogger,
          pendingMinutes: alerting.pendingMinutes,
        })
      }),
    // Every message queued anywhere (the notifications outbox) goes out within a minute.
    notifications: sendNotifications,
  }),
)
