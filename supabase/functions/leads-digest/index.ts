import { alertConfig } from '../_shared/alerts/config.ts'
import { sendDigest } from '../_shared/alerts/digest.ts'
import { digestFigures, pgDigestDays } from '../_shared/alerts/pg-alert-store.ts'
import { serve } from '../_shared/http/serve.ts'
import { DEFAULT_AGENCY_TIME_ZONE } from '../_shared/runtime/agency-time.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env } from '../_shared/runtime/env.ts'
import { cronSecret } from '../_shared/http/secret.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { createDigestHandler } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 2 }) : undefined
const alerting = alertConfig(fetch)
if (alerting.incomplete.length) consoleLogger.warn('alert e-mail is off: settings missing', { missing: alerting.incomplete })

serve(
  createDigestHandler({
    secret: cronSecret(env, consoleLogger),
    digest:
      sql &&
      ((force) =>
        sendDigest({
          figures: () => digestFigures(sql),
          // The digest is for sales: people to call, no commands.
          channels: alerting.channels,
          logger: consoleLogger,
          always: alerting.digestAlways,
          schedule: { now: () => new Date(), timeZone: env('AGENCY_TIME_ZONE') ?? DEFAULT_AGENCY_TIME_ZONE, days: pgDigestDays(sql) },
          force,
        })),
    logger: consoleLogger,
  }),
)
