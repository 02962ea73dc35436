import { sendOnAnyChannel, type AlertChannel, type AlertContent } from './channels.ts'
import { boardLine, phoneText } from './links.ts'
import { strong, visitorText } from './text.ts'
import type { Sql } from '../runtime/db.ts'
import type { Logger } from '../runtime/logger.ts'
import type { StaffDecision } from '../board/needs-a-look.ts'
import { pagingOf } from './paging.ts'
import { leadPagingSubject } from './paging-subjects.ts'

/** What sales needs to call a new lead at once. */
export type NewLead = {
  submissionId: string
  name: string
  phone: string
  business: string
  sourceLabel: string
  sourcePath: string
  platform: string
  keyword: string
  boardItemId: string | null
  /** Its bot check: false when it failed, null when the check was off. */
  verified?: boolean | null
  /** Flagged as spam when it came in (a released one keeps its reason). */
  spam?: boolean
  staffDecision?: StaffDecision | null
}

/** One short message: who, which business, which page and campaign, a tap to call, a tap to the item. */
export function newLeadMessage(lead: NewLead): AlertContent {
  return (format) => {
    const text = (value: string, max?: number) => visitorText(value, format, max)
    const campaign = [lead.platform, lead.keyword].filter(Boolean).map((value) => text(value, 60))
    // Only a person's 'Release' lets an unverified lead page anyone; it still says so first.
    const unverified = lead.verified === false ? 'Unverified (released on the board): ' : ''
    return {
      // A subject carries no visitor text (an e-mail header).
      subject: `${unverified}New lead`,
      text: [
        strong(`${unverified}New lead: ${text(lead.name, 80)}`, format),
        `Business: ${text(lead.business, 160)}`,
        `Page: ${text(lead.sourceLabel)} (${text(lead.sourcePath)})${campaign.length ? `, campaign: ${campaign.join(', ')}` : ''}`,
        `Phone: ${phoneText(lead.phone, format)}`,
        boardLine(lead.boardItemId, format),
      ].join('\n'),
      idempotencyKey: `new-lead-${lead.submissionId}`,
    }
  }
}

export interface NewLeadStore {
  /** The delivered leads not yet announced, claimed for this run. */
  claim(limit: number): Promise<NewLead[]>
  /** No channel took the message: the next run announces it. */
  release(submissionId: string): Promise<void>
}

export function pgNewLeadStore(sql: Sql): NewLeadStore {
  return {
    async claim(limit) {
      const rows = await sql<{ lead: NewLead }[]>`
        update leads set sales_alerted_at = now()
        where id in (
          select id from leads where status = 'delivered'
            -- A lead released on the board after it was passed over is due once more.
            and (sales_alerted_at is null or (staff_decision = 'release' and sales_alerted_at < staff_decided_at))
          order by delivered_at limit ${limit} for update skip locked)
        returning jsonb_build_object(
          'submissionId', submission_id, 'name', lead ->> 'name', 'phone', lead ->> 'phone', 'business', lead ->> 'business',
          'sourceLabel', source ->> 'label', 'sourcePath', source ->> 'path', 'platform', coalesce(tracking ->> 'platform', ''),
          'keyword', coalesce(tracking ->> 'keyword', ''), 'boardItemId', board_item_id,
          'verified', verified, 'spam', spam_reason is not null, 'staffDecision', staff_decision) as lead`
      return rows.map((row) => row.lead)
    },
    async release(submissionId) {
      await sql`update leads set sales_alerted_at = null where submission_id = ${submissionId}`
    },
  }
}

const PER_RUN = 20

/** Announces each new lead that may page (`pagingOf`) on the sales channels; never throws (the redelivery run goes on). */
export async function announceNewLeads(deps: { store: NewLeadStore; channels: readonly AlertChannel[]; logger: Logger }): Promise<number> {
  if (deps.channels.length === 0) return 0
  let sent = 0
  try {
    for (const lead of await deps.store.claim(PER_RUN)) {
      // Claimed either way: one that may not page waits in 'Needs a look' and is counted in the summary.
      if (pagingOf(leadPagingSubject(lead)) !== 'page') continue
      try {
        await sendOnAnyChannel(newLeadMessage(lead), [...deps.channels])
        sent++
      } catch (error) {
        deps.logger.error('new-lead message not sent; tried again next run', { submissionId: lead.submissionId, error: String(error) })
        await deps.store.release(lead.submissionId)
      }
    }
  } catch (error) {
    deps.logger.error('new leads could not be announced', { error: String(error) })
  }
  return sent
}
