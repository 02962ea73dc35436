import { notify } from '../notify/enqueue.ts'
import type { Sql } from '../runtime/db.ts'
import {
  alertKey,
  planAlerts,
  type AlertPlan,
  type AlertStore,
  type ConditionName,
  type ConditionReport,
  type NotifiedState,
} from './lead-alerts.ts'
import { leadJson, toLead, type Db, type LeadJson } from './lead-json.ts'

const LISTED = 20

/**
 * The alert conditions read from the outbox: the board's refusals by `failure_reason` ('auth',
 * 'access': board/refusal.ts), failed leads, and pending leads older than the threshold.
 */
export function pgAlertStore(sql: Sql): AlertStore {
  return {
    conditions: (pendingMinutes, listed = LISTED) => conditionsOf(sql, pendingMinutes, listed),
    evaluate: (pendingMinutes) =>
      sql.begin(async (tx) => {
        // One evaluation at a time: a second run waits, then reads what the first recorded.
        await tx`lock table lead_alert_state in exclusive mode`
        const [{ now } = { now: new Date() }] = await tx<{ now: Date }[]>`select now() as now`
        const holding = await conditionsOf(tx, pendingMinutes, LISTED)
        const told = await notifiedStates(tx)
        const plan = planAlerts(holding, told, now)
        if (plan.raised.length === 0 && plan.resolved.length === 0) return plan
        for (const report of plan.raised) {
          await tx`
            insert into lead_alert_state (condition, active, notified_at, notified_count)
            values (${report.condition}, true, ${now}, ${report.count})
            on conflict (condition) do update
            set active = true, notified_at = excluded.notified_at, notified_count = excluded.notified_count`
        }
        if (plan.resolved.length > 0) await tx`update lead_alert_state set active = false where condition in ${tx(plan.resolved)}`
        await notify(tx, {
          kind: 'lead-alert',
          key: alertKey(plan, told, now),
          audience: 'ops',
          payload: { raised: plan.raised, resolved: plan.resolved, pendingMinutes },
        })
        return plan
      }) as Promise<AlertPlan>,
  }
}

async function conditionsOf(sql: Db, pendingMinutes: number, listed: number): Promise<ConditionReport[]> {
  const rows = await sql<{ condition: ConditionName; count: number; oldest_minutes: number; leads: LeadJson[] }[]>`
    with flagged as (
      select l.*, array_remove(array[
        case when failure_reason = 'auth' then 'board-auth' end,
        case when failure_reason = 'access' then 'board-access' end,
        case when status = 'failed' then 'failed' end,
        case when status = 'pending' and created_at < now() - make_interval(mins => ${pendingMinutes}) then 'pending-age' end
      ], null) as conditions
      from leads l where status in ('pending', 'failed')
    ), each as (
      select c.condition, f.*, row_number() over (partition by c.condition order by f.created_at) as rn
      from flagged f cross join lateral unnest(f.conditions) as c(condition)
    )
    select condition, count(*)::int as count,
      floor(extract(epoch from now() - min(created_at)) / 60)::int as oldest_minutes,
      coalesce(jsonb_agg(${leadJson(sql)} order by created_at) filter (where rn <= ${listed}), '[]') as leads
    from each group by condition`
  const reports = rows.map((row): ConditionReport => ({
    condition: row.condition,
    count: row.count,
    oldestMinutes: row.oldest_minutes,
    leads: row.leads.map(toLead),
  }))
  const shared = await sharedBucketUse(sql)
  return shared ? [...reports, shared] : reports
}

async function notifiedStates(sql: Db): Promise<NotifiedState[]> {
  const states = await sql<{ condition: ConditionName; active: boolean; notified_at: Date | null; notified_count: number }[]>`
    select condition, active, notified_at, notified_count from lead_alert_state`
  return states.map((state) => ({
    condition: state.condition,
    active: state.active,
    notifiedAt: state.notified_at,
    notifiedCount: state.notified_count,
  }))
}

/**
 * Requests counted in the shared bucket in the last hour (no usable trusted client-address header;
 * docs/client-address.md): the functions' and the registrations', or undefined when none were.
 */
async function sharedBucketUse(sql: Db): Promise<ConditionReport | undefined> {
  const rows = await sql<{ source: string; uses: number }[]>`select source, uses from public.shared_bucket_use() order by source`
  const uses = rows.reduce((sum, row) => sum + row.uses, 0)
  if (uses === 0) return undefined
  return {
    condition: 'shared-bucket',
    count: uses,
    oldestMinutes: 0,
    leads: [],
    sources: rows.map((row) => row.source),
  }
}

export type HealthFigures = {
  pending: number
  oldestPendingMinutes: number
  failed: number
  spamToday: number
  lastDeliveredAt: Date | null
}

export async function healthFigures(sql: Sql): Promise<HealthFigures> {
  const [row] = await sql<{ pending: number; oldest: number; failed: number; spam_today: number; last_delivered_at: Date | null }[]>`
    select count(*) filter (where status = 'pending')::int as pending,
      coalesce(floor(extract(epoch from now() - min(created_at) filter (where status = 'pending')) / 60), 0)::int as oldest,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'spam' and created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')::int as spam_today,
      max(delivered_at) as last_delivered_at
    from leads`
  return {
    pending: row!.pending,
    oldestPendingMinutes: row!.oldest,
    failed: row!.failed,
    spamToday: row!.spam_today,
    lastDeliveredAt: row!.last_delivered_at,
  }
}
