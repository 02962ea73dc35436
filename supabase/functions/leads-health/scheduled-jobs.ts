import type { Sql } from '../_shared/runtime/db.ts'

/**
 * The Supabase Cron jobs the migrations schedule. Without them leads wait in the outbox and no
 * alert is sent, so leads-health answers 503 while one is missing. tests/db/cron-jobs.test.ts runs
 * each one's SQL.
 */
export const SCHEDULED_JOBS = ['leads-redeliver', 'leads-digest', 'leads-retention', 'enterprise-followup', 'webhook-events'] as const

export type ScheduledJob = (typeof SCHEDULED_JOBS)[number]
export type JobSchedule = Record<ScheduledJob, 'scheduled' | 'not scheduled'>

/** Each expected job, scheduled when cron.job holds it active. */
export function jobSchedule(active: readonly string[]): JobSchedule {
  return Object.fromEntries(SCHEDULED_JOBS.map((job) => [job, active.includes(job) ? 'scheduled' : 'not scheduled'])) as JobSchedule
}

/** The names of the active Cron jobs; none where pg_cron is not installed. */
export async function activeJobs(sql: Sql): Promise<string[]> {
  const [cron] = await sql<{ installed: boolean }[]>`select to_regclass('cron.job') is not null as installed`
  if (!cron?.installed) return []
  const rows = await sql<{ jobname: string }[]>`select jobname from cron.job where active`
  return rows.map((row) => row.jobname)
}
