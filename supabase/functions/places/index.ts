import { parseAllowedOrigins } from '../_shared/http/cors.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env, envInt } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { pgRateLimiter } from '../_shared/limits/pg-rate-limiter.ts'
import { parseRateRule } from '../_shared/limits/rate-limit.ts'
import { serve } from '../_shared/http/serve.ts'
import { createPlacesHandler, DEFAULT_PLACES_URL } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
// A short statement timeout: a slow limiter must not hold up typing (it fails open).
const sql = dbUrl ? createDb(dbUrl, { max: 2, statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 2_000) }) : undefined
if (!sql) consoleLogger.warn('SUPABASE_DB_URL is not set: places requests are not rate limited')

const handler = createPlacesHandler({
  apiKey: env('GOOGLE_MAPS_API_KEY'),
  baseUrl: env('GOOGLE_PLACES_URL') ?? DEFAULT_PLACES_URL,
  regionCodes: (env('PLACES_REGION_CODES') ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean),
  allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
  fetch,
  logger: consoleLogger,
  limiter:
    sql &&
    pgRateLimiter(sql, parseRateRule('places', env('PLACES_RATE_LIMIT'), { limit: 100, windowSeconds: 600 }), {
      logger: consoleLogger,
      now: () => new Date(),
    }),
})

serve(handler)
