import { sendOnAnyChannel, type AlertChannel, type AlertContent } from './channels.ts'
import { boardLine, phoneText } from './links.ts'
import { strong, visitorText } from './text.ts'
import type { Sql } from '../runtime/db.ts'
import type { Logger } from '../runtime/logger.ts'

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
}

/** One short message: who, which business, which page and campaign, a tap to call, a tap to the item. */
export function newLeadMessage(lead: NewLead): AlertContent {
  return (format) => {
    const text = (value: string, max?: number) => visitorText(value, format, max)
    const campaign = [lead.platform, lead.keyword].filter(Boolean).map((value) => text(value, 60))
    return {
      // A subject carries no visitor text (an e-mail header).
      subject: 'New lead',
      text: [
        strong(`New lead: ${text(lead.name, 80)}`, format),
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
          select id from leads where status = 'delivered' and sales_alerted_at is null
          order by delivered_at limit ${limit} for update skip locked)
        returning jsonb_build_object(
          'submissionId', submission_id, 'name', lead ->> 'name', 'phone', lead ->> 'phone', 'business', lead ->> 'business',
          'sourceLabel', source ->> 'label', 'sourcePath', source ->> 'path', 'platform', coalesce(tracking ->> 'platform', ''),
          'keyword', coalesce(tracking ->> 'keyword', ''), 'boardItemId', board_item_id) as lead`
      return rows.map((row) => row.lead)
    },
    async release(submissionId) {
      await sql`update leads set sales_alerted_at = null where submission_id = ${submissionId}`
    },
  }
}

const PER_RUN = 20

/** Announces each new lead on the sales channels; never throws (the redelivery run goes on). */
export async function announceNewLeads(deps: { store: NewLeadStore; channels: readonly AlertChannel[]; logger: Logger }): Promise<number> {
  if (deps.channels.length === 0) return 0
  let sent = 0
  try {
    for (const lead of await deps.store.claim(PER_RUN)) {
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
