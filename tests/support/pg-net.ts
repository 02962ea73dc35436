import type { Sql } from 'postgres'

// What the Cron jobs and the wake trigger read from Vault (the secrets docs/leads-pipeline.md has the
// operator create), and the calls the net.http_post stand-in of pg-cluster.mjs recorded.
export const PROJECT_URL = 'https://project-ref.supabase.co'
export const REDELIVER_SECRET = 'the-redeliver-secret'

export type NetCall = { url: string; headers: Record<string, string>; body: unknown; timeout_milliseconds: number }

export async function createVaultSecrets(sql: Sql): Promise<void> {
  await sql`select vault.create_secret(${PROJECT_URL}, 'project_url')`
  await sql`select vault.create_secret(${REDELIVER_SECRET}, 'redeliver_secret')`
}

/** Forgets the recorded calls and secret reads. */
export const clearNetCalls = (sql: Sql) => sql`truncate net.http_post_calls, vault.secret_reads`

export const netCalls = (sql: Sql) => sql<NetCall[]>`select url, headers, body, timeout_milliseconds from net.http_post_calls order by id`
