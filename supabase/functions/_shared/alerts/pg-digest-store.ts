import { notify } from '../notify/enqueue.ts'
import type { Sql } from '../runtime/db.ts'
import { hasNews, type DigestFigures, type DigestStore, type SpamLead, type UnbookedLead } from './digest.ts'
import { leadJson, toLead, type Db, type LeadJson } from './lead-json.ts'
import { needsALookLastDay } from './needs-a-look-summary.ts'
import { agencyClock } from './digest-schedule.ts'
import { campaignReport, dayBefore } from './pg-campaign-report.ts'

const LISTED = 20

/** The last 24 hours, and what is pending or failed now. */
export async function digestFigures(sql: Db): Promise<DigestFigures> {
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
async function unbookedLeads(sql: Db): Promise<NonNullable<DigestFigures['unbooked']>> {
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

/**
 * The digest in one transaction: the agency day is recorded with its figures (lead_digest_days: a
 * second call that day finds it taken) and the message queued for sales (notify()). An operator's
 * forced digest records no day. With the agency's zone, the figures carry yesterday's campaigns
 * (ad_campaign_report(): the agency day before the digest's).
 */
export function pgDigestStore(sql: Sql, options: { timeZone?: string; now?: () => Date } = {}): DigestStore {
  return {
    queue: ({ day, key, always }) =>
      sql.begin(async (tx) => {
        if (day) {
          const taken = await tx`insert into lead_digest_days (day) values (${day}) on conflict (day) do nothing returning day`
          if (taken.length === 0) return 'already sent today' as const
        }
        const figures = await digestFigures(tx)
        if (options.timeZone) {
          const yesterday = dayBefore(day ?? agencyClock((options.now ?? (() => new Date()))(), options.timeZone).day)
          figures.campaigns = await campaignReport(tx, { firstDay: yesterday, lastDay: yesterday, timeZone: options.timeZone })
        }
        const news = hasNews(figures) || always
        if (day) {
          await tx`update lead_digest_days set figures = ${tx.json(figures as never)}, message_key = ${news ? key : null}
            where day = ${day}`
        }
        if (!news) return 'nothing to report' as const
        await notify(tx, { kind: 'digest', key, audience: 'sales', payload: figures })
        return 'queued' as const
      }) as Promise<'queued' | 'already sent today' | 'nothing to report'>,
  }
}
