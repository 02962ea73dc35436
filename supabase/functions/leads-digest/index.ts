import { alertConfig } from '../_shared/alerts/config.ts'
import { sendDigest } from '../_shared/alerts/digest.ts'
import { digestFigures } from '../_shared/alerts/pg-alert-store.ts'
import { serve } from '../_shared/http/serve.ts'
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
      (() =>
        sendDigest({
          figures: () => digestFigures(sql),
          channels: alerting.channels,
          logger: consoleLogger,
          always: alerting.digestAlways,
        })),
    logger: consoleLogger,
  }),
)
