import { boardSettings } from '../board/settings.ts'
import { leadsWorker } from './settings.ts'
import { createDb, type Sql } from '../runtime/db.ts'
import { env, envInt } from '../runtime/env.ts'
import { consoleLogger } from '../runtime/logger.ts'

/** Settings `leads` and `leads-redeliver` share, read once from the function's environment: the database, the board's, the leads' worker. */
export function sharedLeadsConfig() {
  const dbUrl = env('SUPABASE_DB_URL')
  const sql: Sql | undefined = dbUrl ? createDb(dbUrl, { statementTimeoutMs: envInt('DB_STATEMENT_TIMEOUT_MS', 5_000) }) : undefined
  return { sql, ...boardSettings(env), ...leadsWorker(env, (message) => consoleLogger.warn(message)) }
}
