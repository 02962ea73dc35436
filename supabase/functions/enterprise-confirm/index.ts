import { parseAllowedOrigins } from '../_shared/http/cors.ts'
import { serve } from '../_shared/http/serve.ts'
import { clientAddressSettings } from '../_shared/limits/client-address-settings.ts'
import { pgRateCounter } from '../_shared/limits/pg-rate-counter.ts'
import { createRateLimiter, parseRateRule } from '../_shared/limits/rate-limit.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env, envInt } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { pgConfirmations } from './confirmations.ts'
import { createConfirmHandler } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 2, statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 2_000) }) : undefined
const secret = env('CONFIRM_LINK_SECRET')
if (!sql || !secret) consoleLogger.warn('address confirmation is off: set SUPABASE_DB_URL and CONFIRM_LINK_SECRET')
const now = () => new Date()

serve(
  createConfirmHandler({
    secret,
    confirmations: sql && pgConfirmations(sql),
    limiter:
      sql &&
      createRateLimiter({
        counter: pgRateCounter(sql),
        rule: parseRateRule('enterprise-confirm', env('CONFIRM_HOURLY_LIMIT'), { limit: 10, windowSeconds: 3_600 }),
        salt: env('RATE_LIMIT_SALT') ?? '',
        logger: consoleLogger,
        now,
        ...clientAddressSettings(sql),
      }),
    allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
    logger: consoleLogger,
    now,
  }),
)
