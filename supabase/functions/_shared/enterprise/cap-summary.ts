import type { AlertMessage } from '../alerts/channels.ts'
import type { Sql } from '../runtime/db.ts'
import { agencyTime } from '../runtime/agency-time.ts'

/** Registrations held past the daily cap (status 'held'): all of them, and those since the last summary. */
export type CapSummary = { held: number; newSince: number; previous: Date | null; dailyCap: number }

export type HeldRegistrations = {
  /** The hour's summary, claimed by this run, when registrations were held since the last one; else undefined. */
  claimSummary(): Promise<CapSummary | undefined>
  /** The summary was not sent: the next run claims it again. */
  unclaimSummary(previous: Date | null): Promise<void>
}

export function pgHeldRegistrations(sql: Sql): HeldRegistrations {
  return {
    async claimSummary() {
      const [row] = await sql<{ held: number; new_since: number; previous: Date | null; daily_cap: number }[]>`
        select * from public.claim_enterprise_cap_summary()`
      return row && { held: row.held, newSince: row.new_since, previous: row.previous, dailyCap: row.daily_cap }
    },
    async unclaimSummary(previous) {
      await sql`select public.unclaim_enterprise_cap_summary(${previous})`
    },
  }
}

/** One alert for all of them: counts and what to do, and nothing a registrant typed. */
export function capSummaryAlert(summary: CapSummary): AlertMessage {
  const since = summary.previous ? `since ${agencyTime(summary.previous)}` : 'since the last summary'
  const text = [
    `Enterprise registrations over the daily cap: ${summary.newSince} new ${since}, ${summary.held} held in all.`,
    `More than ENTERPRISE_DAILY_CAP (${summary.dailyCap}) registered today (UTC). Those past it are recorded and held: no board item, alert, e-mail or invoice was made for them.`,
    'Review them in the SQL editor (docs/enterprise.md, "Over the daily cap"): select id, created_at, company_name, name, email, phone from enterprise_registrations where status = \'held\' order by created_at;',
    "Release a genuine one with select release_enterprise_registration('<id>'); it then reaches the board and sales as usual, and you write to them and invoice them by hand.",
  ].join('\n')
  return { subject: `Enterprise registrations over the daily cap: ${summary.held} held`, text }
}
