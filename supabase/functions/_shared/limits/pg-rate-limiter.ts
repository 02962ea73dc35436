import type { Sql } from '../runtime/db.ts'
import { env, envInt } from '../runtime/env.ts'
import type { Logger } from '../runtime/logger.ts'
import { DEFAULT_CLIENT_ADDRESS_HEADER, DEFAULT_SHARED_FACTOR, pgClientAddressKey } from './client-address.ts'
import { pgRateCounter } from './pg-rate-counter.ts'
import { createRateLimiter, type RateLimiter, type RateRule } from './rate-limit.ts'

/**
 * A per-client limiter on PostgreSQL with the deployment's settings: RATE_LIMIT_SALT,
 * CLIENT_ADDRESS_HEADER and RATE_LIMIT_SHARED_FACTOR, the same for every limiter of every function.
 */
export function pgRateLimiter(sql: Sql, rule: RateRule, deps: { logger: Logger; now: () => Date }): RateLimiter {
  return createRateLimiter({
    counter: pgRateCounter(sql),
    rule,
    salt: env('RATE_LIMIT_SALT') ?? '',
    ...deps,
    addressKey: pgClientAddressKey(sql, env('CLIENT_ADDRESS_HEADER') ?? DEFAULT_CLIENT_ADDRESS_HEADER),
    sharedFactor: envInt('RATE_LIMIT_SHARED_FACTOR', DEFAULT_SHARED_FACTOR),
  })
}
