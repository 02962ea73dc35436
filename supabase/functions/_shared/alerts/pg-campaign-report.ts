import { notify } from '../notify/enqueue.ts'
import type { Sql } from '../runtime/db.ts'
import type { CampaignReport } from './campaign-figures.ts'
import type { Db } from './lead-json.ts'
import type { WeeklyCampaignsStore } from './weekly-campaigns.ts'

/** The funnel and conversions of agency days `firstDay`..`lastDay` (public.ad_campaign_report()). */
export async function campaignReport(sql: Db, days: { firstDay: string; lastDay: string; timeZone: string }): Promise<CampaignReport> {
  const [row] = await sql<{ report: CampaignReport }[]>`
    select public.ad_campaign_report(${days.firstDay}::date, ${days.lastDay}::date, ${days.timeZone}) as report`
  return row!.report
}

/** The agency day before `day` ('2026-11-29' -> '2026-11-28'). */
export const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

/**
 * The week is taken (ad_report_weeks: a second run, even one overlapping this one, finds it taken
 * and queues nothing) and its report queued for sales (notify()) in one transaction; an empty week
 * is queued too, and says so.
 */
export function pgWeeklyCampaignsStore(sql: Sql): WeeklyCampaignsStore {
  return {
    queue: ({ week, firstDay, lastDay, timeZone, key }) =>
      sql.begin(async (tx) => {
        const taken = await tx`insert into ad_report_weeks (week) values (${week}) on conflict (week) do nothing returning week`
        if (taken.length === 0) return 'already queued' as const
        const report = await campaignReport(tx, { firstDay, lastDay, timeZone })
        await tx`update ad_report_weeks set figures = ${tx.json(report as never)}, message_key = ${key} where week = ${week}`
        await notify(tx, { kind: 'weekly-campaigns', key, audience: 'sales', payload: report })
        return 'queued' as const
      }) as Promise<'queued' | 'already queued'>,
  }
}
