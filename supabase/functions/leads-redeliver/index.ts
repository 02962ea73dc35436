import { env, envInt } from '../_shared/env.ts'
import { consoleLogger } from '../_shared/logger.ts'
import { pruneRateLimits } from '../_shared/pg-rate-counter.ts'
import { serve, sharedLeadsConfig } from '../leads/env-config.ts'
import { boardFrom } from '../leads/handler.ts'
import { pgLeadStore } from '../leads/pg-lead-store.ts'
import { createRedeliverHandler } from './handler.ts'

const { sql, backoff, leaseMs, ...config } = sharedLeadsConfig()

serve(
  createRedeliverHandler({
    secret: env('REDELIVER_SECRET'),
    store: sql && pgLeadStore(sql),
    // No waiting inside a call: a board that asks for time gets it through next_attempt_at.
    board: boardFrom({ ...config, fetch }, 0),
    backoff: { ...backoff, random: Math.random },
    logger: consoleLogger,
    now: () => new Date(),
    leaseMs,
    batchSize: envInt('REDELIVER_BATCH_SIZE', 50),
    concurrency: envInt('REDELIVER_CONCURRENCY', 2),
    budgetMs: envInt('REDELIVER_BUDGET_MS', 40_000),
    sweep: sql && (() => pruneRateLimits(sql)),
  }),
)
