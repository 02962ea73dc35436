import postgres from 'postgres'

export type Sql = postgres.Sql
export type DbOptions = { max?: number; statementTimeoutMs?: number; connectTimeoutSeconds?: number }

/**
 * A small pool per function instance. `prepare: false` keeps it usable through Supabase's
 * transaction pooler; the statement timeout bounds every query so a stuck database becomes a 503
 * instead of a hanging visitor.
 */
export function createDb(url: string, options: DbOptions = {}): Sql {
  return postgres(url, {
    max: options.max ?? 3,
    prepare: false,
    idle_timeout: 20,
    connect_timeout: options.connectTimeoutSeconds ?? 5,
    connection: { statement_timeout: options.statementTimeoutMs ?? 5_000, application_name: 'edge-function' },
    onnotice: () => {},
  })
}
