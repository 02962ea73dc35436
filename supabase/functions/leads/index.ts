import { parseAllowedOrigins } from '../_shared/http/cors.ts'
import { env } from '../_shared/runtime/env.ts'
import { sharedLeadsConfig } from '../_shared/delivery/config.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { pgLeadStore } from '../_shared/delivery/pg-lead-store.ts'
import { pgRateLimiter } from '../_shared/limits/pg-rate-limiter.ts'
import { parseRateRule } from '../_shared/limits/rate-limit.ts'
import { serve } from '../_shared/http/serve.ts'
import { turnstileVerifier } from '../_shared/turnstile/settings.ts'
import { createLeadsHandler } from './handler.ts'
import { DEFAULT_MIN_FILL_MS } from './spam-guard.ts'

const { sql, ...config } = sharedLeadsConfig()
const now = () => new Date()
const minFillMs = Number(env('MIN_FILL_MS') ?? DEFAULT_MIN_FILL_MS)

if (!env('RATE_LIMIT_SALT')) consoleLogger.warn('RATE_LIMIT_SALT is not set: client hashes are unsalted')

serve(
  createLeadsHandler({
    ...config,
    allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
    fetch,
    logger: consoleLogger,
    now,
    store: sql && pgLeadStore(sql),
    limiter:
      sql &&
      pgRateLimiter(sql, parseRateRule('leads', env('LEADS_RATE_LIMIT'), { limit: 10, windowSeconds: 600 }), {
        logger: consoleLogger,
        now,
      }),
    minFillMs: Number.isFinite(minFillMs) ? minFillMs : DEFAULT_MIN_FILL_MS,
    verifier: turnstileVerifier(sql, consoleLogger),
    bookingLinkSecret: env('BOOKING_LINK_SECRET'),
  }),
)
