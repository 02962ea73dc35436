import type { AlertChannel, AlertContent } from './channels.ts'
import type { Db } from './lead-json.ts'
import { boardUrl, link } from './links.ts'
import { strong, type TextFormat } from './text.ts'
import { DECISION_LABELS } from '../board/needs-a-look.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import type { Sql } from '../runtime/db.ts'
import type { Logger } from '../runtime/logger.ts'

/** Records that page nobody one by one, by class (they never overlap): new since `since`. */
export type NeedsALookCounts = {
  unverifiedLeads: number
  spamLeads: number
  unverifiedRegistrations: number
  /** Verified, past ENTERPRISE_DAILY_CAP. */
  heldRegistrations: number
  /** Unverified, past ENTERPRISE_UNVERIFIED_DAILY_CAP: recorded, not on the board. */
  offBoardRegistrations: number
}

export type NeedsALookSummary = NeedsALookCounts & { previous: Date }

export interface NeedsALook {
  /**
   * The hour's summary, when something new arrived since the last one: claimed and queued for sales
   * in one transaction (queue_needs_a_look_summary()); else undefined.
   */
  queueSummary(): Promise<NeedsALookSummary | undefined>
}

type CountsRow = {
  unverified_leads: number
  spam_leads: number
  unverified_registrations: number
  held_registrations: number
  off_board_registrations: number
}

const countsOf = (row: CountsRow): NeedsALookCounts => ({
  unverifiedLeads: row.unverified_leads,
  spamLeads: row.spam_leads,
  unverifiedRegistrations: row.unverified_registrations,
  heldRegistrations: row.held_registrations,
  offBoardRegistrations: row.off_board_registrations,
})

export function pgNeedsALook(sql: Sql): NeedsALook {
  return {
    async queueSummary() {
      const [row] = await sql<(CountsRow & { previous: Date })[]>`select * from public.queue_needs_a_look_summary()`
      return row && { ...countsOf(row), previous: row.previous }
    },
  }
}

/** The same classes over the last 24 hours, for the daily digest. */
export async function needsALookLastDay(sql: Db): Promise<NeedsALookCounts> {
  const [row] = await sql<CountsRow[]>`select * from public.needs_a_look_counts(now() - interval '1 day')`
  return countsOf(row!)
}

export const needsALookTotal = (counts: NeedsALookCounts) =>
  counts.unverifiedLeads + counts.spamLeads + counts.unverifiedRegistrations + counts.heldRegistrations + counts.offBoardRegistrations

/** One line per class that has any, in plain words; the first says 'Unverified'. */
export function needsALookLines(counts: NeedsALookCounts): string[] {
  return [
    [counts.unverifiedLeads, 'unverified leads (the bot check failed or never ran in their browser)'],
    [counts.unverifiedRegistrations, 'unverified enterprise registrations (nothing was sent to them)'],
    [counts.spamLeads, 'leads flagged as spam'],
    [counts.heldRegistrations, 'enterprise registrations held past the daily cap (ENTERPRISE_DAILY_CAP)'],
    [counts.offBoardRegistrations, 'unverified registrations past ENTERPRISE_UNVERIFIED_DAILY_CAP: recorded, not on the board'],
  ]
    .filter(([count]) => Number(count) > 0)
    .map(([count, what]) => `- ${count} ${what}`)
}

/** Where to look and what to do: the board's group, its two labels. */
export function boardGroupLine(format: TextFormat): string {
  const url = boardUrl()
  const where = url ? link(url, "the board's 'Needs a look' group", format) : "the board's 'Needs a look' group"
  return `They wait in ${where}; nobody was told of them one by one. Set 'Decision' to '${DECISION_LABELS.release}' (sales is then told as usual) or '${DECISION_LABELS['not-genuine']}'.`
}

/** The hourly summary for sales: counts and where to look, nothing a visitor typed. */
export function needsALookMessage(summary: NeedsALookSummary): AlertContent {
  const total = needsALookTotal(summary)
  return (format) => ({
    subject: `Needs a look: ${total} new`,
    text: [
      strong(`Needs a look: ${total} new since ${agencyTime(summary.previous)}`, format),
      ...needsALookLines(summary),
      boardGroupLine(format),
    ].join('\n'),
  })
}

/**
 * Queues the hour's summary when one is due (the notifications outbox sends it). Answers how many it
 * counted; never throws.
 */
export async function summariseNeedsALook(deps: {
  store: NeedsALook
  channels: readonly AlertChannel[]
  logger: Logger
}): Promise<number | undefined> {
  if (deps.channels.length === 0) return undefined
  try {
    const summary = await deps.store.queueSummary()
    return summary && needsALookTotal(summary)
  } catch (error) {
    deps.logger.error('needs-a-look summary could not be made', { message: String(error) })
    return undefined
  }
}
