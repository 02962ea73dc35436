import type { Sql, TransactionSql } from 'postgres'

export type SupabaseRole = 'anon' | 'authenticated' | 'service_role'

export interface PgCluster {
  /** A superuser connection string (role `postgres`, database `postgres`) on 127.0.0.1. */
  url: string
  port: number
  /** A postgres.js client connected as the superuser. */
  sql: Sql
  /** Applies every supabase/migrations/*.sql in name order (done by start unless `migrate: false`). */
  applyMigrations(): Promise<void>
  /** Runs `fn` in one transaction after `set local role <role>`, as PostgREST does for a request. */
  asRole<T>(role: SupabaseRole, fn: (tx: TransactionSql) => Promise<T>): Promise<T>
  /** Stops the cluster and removes its files. */
  stop(): Promise<void>
}

export declare function migrationFiles(): string[]
export declare function startPgCluster(options?: {
  migrate?: boolean
  /** pg_cron preloaded and stand-ins for pg_net and Vault, as on Supabase (default); false: plain PostgreSQL. */
  supabaseExtensions?: boolean
}): Promise<PgCluster>
