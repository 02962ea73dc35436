import { alertConfig } from '../_shared/alerts/config.ts'
import { queueDigest } from '../_shared/alerts/digest.ts'
import { pgDigestStore } from '../_shared/alerts/pg-digest-store.ts'
import { pgWeeklyCampaignsStore } from '../_shared/alerts/pg-campaign-report.ts'
import { queueWeeklyCampaigns } from '../_shared/alerts/weekly-campaigns.ts'
import { serve } from '../_shared/http/serve.ts'
import { notificationsWorker } from '../_shared/notify/worker.ts'
import { DEFAULT_AGENCY_TIME_ZONE } from '../_shared/runtime/agency-time.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env } from '../_shared/runtime/env.ts'
import { cronSecret } from '../_shared/http/secret.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { createDigestHandler } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 2 }) : undefined
const alerting = alertConfig(fetch)
const now = () => new Date()
const timeZone = env('AGENCY_TIME_ZONE') ?? DEFAULT_AGENCY_TIME_ZONE
if (alerting.incomplete.length) consoleLogger.warn('alert e-mail is off: settings missing', { missing: alerting.incomplete })

serve(
  createDigestHandler({
    secret: cronSecret(env, consoleLogger),
    digest:
      sql &&
      ((force) =>
        queueDigest({
          store: pgDigestStore(sql, { timeZone, now }),
          // The digest is for sales: people to call, no commands.
          channels: alerting.channels,
          logger: consoleLogger,
          always: alerting.digestAlways,
          schedule: { timeZone },
          force,
          now,
        })),
    weekly:
      sql &&
      (() =>
        queueWeeklyCampaigns({ store: pgWeeklyCampaignsStore(sql), channels: alerting.channels, timeZone, logger: consoleLogger, now })),
    notifications: sql && notificationsWorker(sql, alerting, consoleLogger, now),
    logger: consoleLogger,
  }),
)
