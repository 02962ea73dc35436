import type { AlertMessage } from './channels.ts'
import { strong, visitorText, type TextFormat } from './text.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import type { AlertLead, AlertPlan, ConditionName, ConditionReport } from './lead-alerts.ts'

const RETRY = '`select retry_failed_leads();`'

const WHAT: Record<ConditionName, (report: ConditionReport, pendingMinutes: number) => string> = {
  'board-auth': ({ count }) =>
    `The board refused the credentials (API token revoked, rotated or its user lost access): ${count} lead(s) not delivered.`,
  'board-access': ({ count }) =>
    `The board or group is not accessible (wrong MONDAY_BOARD_ID / MONDAY_GROUP_ID, board deleted, or no permission): ${count} lead(s) not delivered.`,
  failed: ({ count }) => `${count} lead(s) failed: they gave up after every attempt and will not be sent again on their own.`,
  'pending-age': ({ count, oldestMinutes }, minutes) =>
    `${count} lead(s) waiting for the board longer than ${minutes} min (the oldest for ${oldestMinutes} min).`,
}

const TODO: Record<ConditionName, string> = {
  'board-auth': `Call these leads now. Then set a working token (supabase secrets set MONDAY_API_TOKEN=...) and run ${RETRY} in the SQL editor; pending leads go through on the next run.`,
  'board-access': `Call these leads now. Then fix the board or group id (or the board's sharing) and run ${RETRY}.`,
  failed: `Call these leads now. Then fix the cause (the last error) and run ${RETRY} to send them to the board.`,
  'pending-age': 'Call these leads if they are urgent; the last error says why the board has not taken them. Redelivery keeps trying.',
}

const SHORT: Record<ConditionName, string> = {
  'board-auth': 'board refused the credentials',
  'board-access': 'board or group not accessible',
  failed: 'failed leads',
  'pending-age': 'leads pending too long',
}

const LISTED = 20

export function leadLine(lead: AlertLead, format: TextFormat): string {
  const text = (value: string | null) => visitorText(value, format)
  const source = `${text(lead.sourceLabel)} (${text(lead.sourcePath)})`
  const error = lead.lastError ? `, last error: ${text(lead.lastError)}` : ''
  return `- ${text(lead.name)}, ${text(lead.phone)}, ${text(lead.email)}, from ${source}, ${agencyTime(lead.createdAt)}${error}`
}

function leadList(leads: readonly AlertLead[], count: number, format: TextFormat): string[] {
  const lines = leads.slice(0, LISTED).map((lead) => leadLine(lead, format))
  if (count > lines.length) lines.push(`- …and ${count - lines.length} more: select * from leads_attention;`)
  return lines
}

/** One message per channel and run: every condition raised, with its leads and what to do, then those resolved. */
export function alertMessage(plan: AlertPlan, options: { format: TextFormat; pendingMinutes: number }): AlertMessage {
  const { format, pendingMinutes } = options
  const sections = plan.raised.map((report) =>
    [
      strong(`ALERT: ${SHORT[report.condition]}`, format),
      WHAT[report.condition](report, pendingMinutes),
      ...leadList(report.leads, report.count, format),
      TODO[report.condition],
    ].join('\n'),
  )
  for (const condition of plan.resolved) sections.push(`${strong(`RESOLVED: ${SHORT[condition]}`, format)}\nThis no longer holds.`)
  const names = (conditions: ConditionName[]) => conditions.map((condition) => SHORT[condition]).join(', ')
  const subject = plan.raised.length
    ? `Lead alert: ${names(plan.raised.map((report) => report.condition))}`
    : `Lead alert resolved: ${names(plan.resolved)}`
  return { subject, text: sections.join('\n\n') }
}
