import { parseAllowedOrigins } from '../_shared/http/cors.ts'
import { serve } from '../_shared/http/serve.ts'
import { pgRateLimiter } from '../_shared/limits/pg-rate-limiter.ts'
import { parseRateRule } from '../_shared/limits/rate-limit.ts'
import { DEFAULT_AGENCY_TIME_ZONE } from '../_shared/runtime/agency-time.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env, envInt } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { createAdVisitsHandler } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 2, statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 2_000) }) : undefined
const timeZone = env('AGENCY_TIME_ZONE') ?? DEFAULT_AGENCY_TIME_ZONE
if (!sql) consoleLogger.warn('SUPABASE_DB_URL is not set: ad visits are not counted')

serve(
  createAdVisitsHandler({
    allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
    record:
      sql &&
      (async (visit) => {
        await sql`select public.record_ad_visit(${timeZone}, ${visit.platform}, ${visit.keyword}, ${visit.kinds})`
      }),
    limiter:
      sql &&
      pgRateLimiter(sql, parseRateRule('ad-visits', env('AD_VISITS_RATE_LIMIT'), { limit: 10, windowSeconds: 3_600 }), {
        logger: consoleLogger,
        now: () => new Date(),
      }),
    logger: consoleLogger,
  }),
)
