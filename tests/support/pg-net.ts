import type { Sql } from 'postgres'

// What the Cron jobs and the wake trigger read from Vault (the secrets docs/leads-pipeline.md has the
// operator create), and the calls the net.http_post stand-in of pg-cluster.mjs recorded.
export const PROJECT_URL = 'https://project-ref.supabase.co'
export const CRON_SECRET = 'the-cron-secret'

export type NetCall = { url: string; headers: Record<string, string>; body: unknown; timeout_milliseconds: number }

/** The two secrets the operator creates; `secretName` 'redeliver_secret' is a Vault not yet moved to CRON_SECRET. */
export async function createVaultSecrets(sql: Sql, secretName = 'cron_secret'): Promise<void> {
  await sql`select vault.create_secret(${PROJECT_URL}, 'project_url')`
  await sql`select vault.create_secret(${CRON_SECRET}, ${secretName})`
}

/** Forgets the recorded calls and secret reads. */
export const clearNetCalls = (sql: Sql) => sql`truncate net.http_post_calls, vault.secret_reads`

export const netCalls = (sql: Sql) => sql<NetCall[]>`select url, headers, body, timeout_milliseconds from net.http_post_calls order by id`
