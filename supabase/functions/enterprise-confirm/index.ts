import { parseAllowedOrigins } from '../_shared/http/cors.ts'
import { serve } from '../_shared/http/serve.ts'
import { pgRateLimiter } from '../_shared/limits/pg-rate-limiter.ts'
import { parseRateRule } from '../_shared/limits/rate-limit.ts'
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
      pgRateLimiter(sql, parseRateRule('enterprise-confirm', env('CONFIRM_HOURLY_LIMIT'), { limit: 10, windowSeconds: 3_600 }), {
        logger: consoleLogger,
        now,
      }),
    allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
    logger: consoleLogger,
    now,
  }),
)
