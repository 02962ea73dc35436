import type { ChannelName } from './channels.ts'
import type { Sql } from '../runtime/db.ts'
import type { AlertLead, AlertStateStore, AlertStore, ConditionName, ConditionReport, NotifiedState } from './lead-alerts.ts'
import type { DigestFigures, SpamLead, UnbookedLead } from './digest.ts'
import type { DigestDays } from './digest-schedule.ts'
import { needsALookLastDay } from './needs-a-look-summary.ts'

const LISTED = 20
// Any fixed number: one alerting run at a time (pg_try_advisory_xact_lock).
const ALERT_LOCK = 7_302_020

type LeadJson = Omit<AlertLead, 'createdAt'> & { createdAt: string }
const toLead = ({ createdAt, ...lead }: LeadJson): AlertLead => ({ ...lead, createdAt: new Date(createdAt) })

/** Contact details of a lead as JSON, for alerts and the digest. */
const leadJson = (sql: Sql) => sql`jsonb_build_object(
  'submissionId', submission_id, 'name', lead ->> 'name', 'phone', lead ->> 'phone', 'email', lead ->> 'email',
  'sourcePath', source ->> 'path', 'sourceLabel', source ->> 'label', 'createdAt', created_at, 'status', status,
  'lastError', last_error, 'boardItemId', board_item_id, 'verified', verified)`

/**
 * The alert conditions read from the outbox: the board's refusals by `failure_reason` ('auth',
 * 'access': board/refusal.ts), failed leads, and pending leads older than the threshold.
 */
export function pgAlertStore(sql: Sql): AlertStore {
  return {
    async conditions(pendingMinutes, listed = LISTED) {
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
    },
    async exclusive<T>(fn: (state: AlertStateStore) => Promise<T>): Promise<T | undefined> {
      // A transaction lock, never a session one: it cannot outlive the run behind a pooler.
      const result = await sql.begin(async (tx) => {
        const [row] = await tx<{ locked: boolean }[]>`select pg_try_advisory_xact_lock(${ALERT_LOCK}) as locked`
        if (!row?.locked) return { ran: false as const }
        const value = await fn({
          async notified(channel: ChannelName) {
            const states = await tx<
              { condition: ConditionName; active: boolean; notified_at: Date | null; notified_count: number; maybe_told: boolean }[]
            >`
              select condition, active, notified_at, notified_count, maybe_told from lead_alert_state where channel = ${channel}`
            return states.map((state): NotifiedState => ({
              condition: state.condition,
              active: state.active,
              notifiedAt: state.notified_at,
              notifiedCount: state.notified_count,
              maybeTold: state.maybe_told,
            }))
          },
          async saveNotified(channel, plan) {
            for (const report of plan.raised) {
              await tx`
                insert into lead_alert_state (condition, channel, active, notified_at, notified_count)
                values (${report.condition}, ${channel}, true, now(), ${report.count})
                on conflict (condition, channel) do update
                set active = true, notified_at = now(), notified_count = excluded.notified_count, maybe_told = false`
            }
            if (plan.resolved.length > 0) {
              await tx`update lead_alert_state set active = false, maybe_told = false where channel = ${channel} and condition in ${tx(plan.resolved)}`
            }
          },
          async saveMaybeTold(channel, conditions) {
            for (const condition of conditions) {
              await tx`
                insert into lead_alert_state (condition, channel, maybe_told) values (${condition}, ${channel}, true)
                on conflict (condition, channel) do update set maybe_told = true`
            }
          },
        })
        return { ran: true as const, value }
      })
      // postgres.js unwraps the callback's type loosely: the value is fn's own.
      return result.ran ? (result.value as T) : undefined
    },
  }
}

/**
 * Requests counted in the shared bucket in the last hour (no usable trusted client-address header;
 * docs/client-address.md): the functions' and the registrations', or undefined when none were.
 */
async function sharedBucketUse(sql: Sql): Promise<ConditionReport | undefined> {
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

/** The last 24 hours, and what is pending or failed now. */
export async function digestFigures(sql: Sql): Promise<DigestFigures> {
  const [counts] = await sql<{ received: number; delivered: number; pending: number; failed: number; spam: number }[]>`
    select count(*) filter (where created_at >= now() - interval '1 day' and status <> 'spam')::int as received,
      count(*) filter (where delivered_at >= now() - interval '1 day')::int as delivered,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'spam' and created_at >= now() - interval '1 day')::int as spam
    from leads`
  const spam = await sql<{ lead: LeadJson; reason: string | null }[]>`
    select ${leadJson(sql)} as lead, spam_reason as reason from leads
    where status = 'spam' and created_at >= now() - interval '1 day'
    order by created_at limit ${LISTED}`
  return {
    ...counts!,
    spamLeads: spam.map((row): SpamLead => ({ ...toLead(row.lead), reason: row.reason })),
    unbooked: await unbookedLeads(sql),
    needsALook: await needsALookLastDay(sql),
  }
}

/**
 * The last day's leads (not spam) whose latest booking event (lead_bookings) is a cancellation, or
 * that have none. A reschedule keeps the lead booked; the original 'created' row never hides a
 * later cancellation. The reason is read from the stored booking whichever way it keeps it
 * (a `cancellation_reason` column, or Cal.com's `cancellationReason` in a stored payload).
 */
async function unbookedLeads(sql: Sql): Promise<NonNullable<DigestFigures['unbooked']>> {
  const rows = await sql<{ lead: LeadJson; total: number; latest: string | null; reason: string | null }[]>`
    select ${leadJson(sql)} as lead, count(*) over ()::int as total, latest.trigger_event as latest, latest.reason
    from leads l
    left join lateral (
      select b.trigger_event, coalesce(
          to_jsonb(b) ->> 'cancellation_reason',
          to_jsonb(b) #>> '{payload,cancellationReason}',
          to_jsonb(b) #>> '{payload,payload,cancellationReason}') as reason
      from lead_bookings b where b.lead_id = l.id order by b.id desc limit 1
    ) latest on true
    where status <> 'spam' and created_at >= now() - interval '1 day'
      and (latest.trigger_event is null or latest.trigger_event = 'BOOKING_CANCELLED')
    order by created_at limit ${LISTED}`
  return {
    count: rows[0]?.total ?? 0,
    leads: rows.map((row): UnbookedLead => {
      const lead = toLead(row.lead)
      return row.latest === 'BOOKING_CANCELLED' ? { ...lead, cancelled: { reason: row.reason?.trim() || null } } : lead
    }),
  }
}

/** The agency days whose digest went out (lead_digest_days). */
export function pgDigestDays(sql: Sql): DigestDays {
  return {
    async claim(day) {
      const rows = await sql`insert into lead_digest_days (day) values (${day}) on conflict (day) do nothing returning day`
      return rows.length === 1
    },
    async release(day) {
      await sql`delete from lead_digest_days where day = ${day}`
    },
  }
}
