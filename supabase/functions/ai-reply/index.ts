import { parseAllowedOrigins } from '../_shared/http/cors.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env, envInt } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { pgRateCounter } from '../_shared/limits/pg-rate-counter.ts'
import { pgRateLimiter } from '../_shared/limits/pg-rate-limiter.ts'
import { createDailyCap } from '../_shared/limits/daily-cap.ts'
import { serve } from '../_shared/http/serve.ts'
import { turnstileVerifier } from '../_shared/turnstile/settings.ts'
import { DEFAULT_SALES_PHONE } from '../_shared/turnstile/refusal.ts'
import { createAiReplyHandler } from './handler.ts'
import { FIRST_TOKEN_MS, openAiCompatibleModel } from './model.ts'

const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1'
const DEFAULT_AI_MODEL = 'gpt-4o-mini'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 2, statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 2_000) }) : undefined
const apiKey = env('AI_API_KEY')
// Without the database there is no limit and no cap: every draft would be billed, so the model is
// not called and every visitor gets the template (which costs nothing).
if (!sql) consoleLogger.warn('SUPABASE_DB_URL is not set: ai-reply answers with templates only')
if (!apiKey) consoleLogger.warn('AI_API_KEY is not set: ai-reply answers with templates only')

const now = () => new Date()
const limiter = (bucket: string, limit: number, windowSeconds: number) =>
  sql && pgRateLimiter(sql, { bucket, limit, windowSeconds }, { logger: consoleLogger, now })

const handler = createAiReplyHandler({
  allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
  logger: consoleLogger,
  limiters: [
    limiter('ai-reply-hour', envInt('AI_HOURLY_LIMIT', 5), 3_600),
    limiter('ai-reply-day', envInt('AI_DAILY_LIMIT', 20), 86_400),
  ].filter((l) => l !== undefined),
  dailyCap: sql && createDailyCap({ counter: pgRateCounter(sql), cap: envInt('AI_DAILY_CAP', 500), now, bucket: 'ai-reply-cap' }),
  model:
    sql && apiKey
      ? openAiCompatibleModel({
          baseUrl: env('AI_BASE_URL') ?? DEFAULT_AI_BASE_URL,
          apiKey,
          model: env('AI_MODEL') ?? DEFAULT_AI_MODEL,
          firstTokenMs: envInt('AI_FIRST_TOKEN_MS', FIRST_TOKEN_MS),
        })
      : undefined,
  verifier: turnstileVerifier(sql, consoleLogger),
  salesPhone: env('SALES_PHONE') ?? DEFAULT_SALES_PHONE,
})

serve(handler)
