import { parseAllowedOrigins } from '../_shared/http/cors.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env, envInt } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { pgRateCounter } from '../_shared/limits/pg-rate-counter.ts'
import { pgRateLimiter } from '../_shared/limits/pg-rate-limiter.ts'
import { parseRateRule } from '../_shared/limits/rate-limit.ts'
import { createDailyCap } from '../_shared/limits/daily-cap.ts'
import { serve } from '../_shared/http/serve.ts'
import { turnstileVerifier } from '../_shared/turnstile/settings.ts'
import { DEFAULT_SALES_PHONE } from '../_shared/turnstile/refusal.ts'
import { createReviewCheckHandler, DEFAULT_PLACES_URL } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 2, statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 2_000) }) : undefined
// Without the database there is no limit and no cap: every request would be billed, so none is served.
if (!sql) consoleLogger.warn('SUPABASE_DB_URL is not set: review checks are refused')

const now = () => new Date()
const limiter = (bucket: string, raw: string | undefined, limit: number, windowSeconds: number) =>
  sql && pgRateLimiter(sql, parseRateRule(bucket, raw, { limit, windowSeconds }), { logger: consoleLogger, now })

const handler = createReviewCheckHandler({
  apiKey: sql ? env('GOOGLE_MAPS_API_KEY') : undefined,
  baseUrl: env('GOOGLE_PLACES_URL') ?? DEFAULT_PLACES_URL,
  allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
  fetch,
  logger: consoleLogger,
  limiters: [
    limiter('review-check-hour', env('REVIEW_CHECK_HOURLY_LIMIT'), 3, 3_600),
    limiter('review-check-day', env('REVIEW_CHECK_DAILY_LIMIT'), 10, 86_400),
  ].filter((l) => l !== undefined),
  dailyCap: sql && createDailyCap({ counter: pgRateCounter(sql), cap: envInt('REVIEW_CHECK_DAILY_CAP', 200), now }),
  verifier: turnstileVerifier(sql, consoleLogger),
  salesPhone: env('SALES_PHONE') ?? DEFAULT_SALES_PHONE,
})

serve(handler)
