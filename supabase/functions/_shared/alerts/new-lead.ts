import type { AlertContent } from './channels.ts'
import { boardLine, phoneText } from './links.ts'
import { strong, visitorText } from './text.ts'
import type { Sql } from '../runtime/db.ts'
import { notify } from '../notify/enqueue.ts'
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
  /**
   * In one transaction: takes up to `limit` delivered leads not yet announced (FOR UPDATE SKIP
   * LOCKED), marks them announced and queues the message of each that may page. Answers how many
   * it queued.
   */
  queueDue(limit: number): Promise<number>
}

type DueLead = { lead: NewLead; released_at: string | null }

/** A lead released on the board is announced once more, under a key of its own. */
export const newLeadKey = (submissionId: string, releasedAt: string | null) =>
  releasedAt ? `new-lead:${submissionId}:release:${releasedAt}` : `new-lead:${submissionId}`

export function pgNewLeadStore(sql: Sql): NewLeadStore {
  return {
    queueDue: (limit) =>
      sql.begin(async (tx) => {
        const due = await tx<(DueLead & { id: string })[]>`
          select id, jsonb_build_object(
            'submissionId', submission_id, 'name', lead ->> 'name', 'phone', lead ->> 'phone', 'business', lead ->> 'business',
            'sourceLabel', source ->> 'label', 'sourcePath', source ->> 'path', 'platform', coalesce(tracking ->> 'platform', ''),
            'keyword', coalesce(tracking ->> 'keyword', ''), 'boardItemId', board_item_id,
            'verified', verified, 'spam', spam_reason is not null, 'staffDecision', staff_decision) as lead,
            case when staff_decision = 'release' and staff_decided_at is not null
              then floor(extract(epoch from staff_decided_at) * 1000)::bigint::text end as released_at
          from leads where status = 'delivered'
            -- A lead released on the board after it was passed over is due once more.
            and (sales_alerted_at is null or (staff_decision = 'release' and sales_alerted_at < staff_decided_at))
          order by delivered_at limit ${limit} for update skip locked`
        if (due.length === 0) return 0
        await tx`update leads set sales_alerted_at = now() where id in ${tx(due.map((row) => row.id))}`
        let queued = 0
        for (const { lead, released_at } of due) {
          // Marked either way: one that may not page waits in 'Needs a look' and is counted in the summary.
          if (pagingOf(leadPagingSubject(lead)) !== 'page') continue
          await notify(tx, { kind: 'new-lead', key: newLeadKey(lead.submissionId, released_at), audience: 'sales', payload: lead })
          queued++
        }
        return queued
      }),
  }
}

const PER_RUN = 50

/**
 * Queues the message of each new lead that may page (`pagingOf`) for sales, in the transaction that
 * marks it announced; the notifications outbox sends it. Never throws (the redelivery run goes on).
 */
export async function announceNewLeads(deps: { store: NewLeadStore; logger: Logger }): Promise<number> {
  try {
    return await deps.store.queueDue(PER_RUN)
  } catch (error) {
    deps.logger.error('new leads could not be announced; tried again next run', { error: String(error) })
    return 0
  }
}
