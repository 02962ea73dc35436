import { DEFAULT_BACKOFF, type BackoffPolicy } from '../outbox/backoff.ts'
import { DEFAULT_BOARD_API_URL, DEFAULT_BOARD_GROUP_ID } from '../board/client.ts'
import { DEFAULT_REVIEW_GROUP_ID } from '../board/needs-a-look.ts'
import { createDb, type Sql } from '../runtime/db.ts'
import { env, envInt } from '../runtime/env.ts'
import { DEFAULT_BOARD_TIMEOUT_MS, DEFAULT_LEASE_MS } from './deliver-lead.ts'

/** Settings `leads` and `leads-redeliver` share, read once from the function's environment. */
export function sharedLeadsConfig() {
  const dbUrl = env('SUPABASE_DB_URL')
  const sql: Sql | undefined = dbUrl ? createDb(dbUrl, { statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 5_000) }) : undefined
  const backoff: Omit<BackoffPolicy, 'random'> = {
    baseMs: envInt('BACKOFF_BASE_MS', DEFAULT_BACKOFF.baseMs),
    maxMs: envInt('BACKOFF_MAX_MS', DEFAULT_BACKOFF.maxMs),
    maxAttempts: envInt('MAX_ATTEMPTS', DEFAULT_BACKOFF.maxAttempts),
  }
  return {
    sql,
    token: env('MONDAY_API_TOKEN'),
    boardId: env('MONDAY_BOARD_ID'),
    groupId: env('MONDAY_GROUP_ID') ?? DEFAULT_BOARD_GROUP_ID,
    reviewGroupId: env('MONDAY_REVIEW_GROUP_ID') ?? DEFAULT_REVIEW_GROUP_ID,
    apiUrl: env('MONDAY_API_URL') ?? DEFAULT_BOARD_API_URL,
    timeoutMs: envInt('BOARD_TIMEOUT_MS', DEFAULT_BOARD_TIMEOUT_MS),
    leaseMs: envInt('CLAIM_LEASE_MS', DEFAULT_LEASE_MS),
    backoff,
  }
}
