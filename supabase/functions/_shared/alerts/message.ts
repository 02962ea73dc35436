import type { AlertMessage } from './channels.ts'
import { boardItemUrl, emailText, link, phoneText } from './links.ts'
import { opsFooter, opsHeading, type OpsContext } from './ops.ts'
import { visitorText, type TextFormat } from './text.ts'
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
  'shared-bucket': ({ count, sources }) =>
    `The platform is not setting cf-connecting-ip (or the header CLIENT_ADDRESS_HEADER names): ${count} request(s) in the last hour ` +
    `arrived without a usable client address (${(sources ?? []).join(', ')}). They all count as ONE client, so once that shared ` +
    "bucket is full (20 registrations an hour; 10 times a function's own limit) every other visitor without the header is refused (429).",
}

/** What the people behind these leads have already been through. */
const HAPPENED: Record<ConditionName, string> = {
  'board-auth': 'each person sent the form and was told we will be in touch; they are not on the board, so sales has not seen them.',
  'board-access': 'each person sent the form and was told we will be in touch; they are not on the board, so sales has not seen them.',
  failed: 'each person sent the form and was told we will be in touch; they are not on the board, so sales has not seen them.',
  'pending-age': 'each person sent the form and was told we will be in touch; sales sees them once the board takes them.',
  'shared-bucket':
    'nothing is lost yet: the requests were counted together; genuine visitors are refused only once the shared bucket is full.',
}

/** The one next step. */
const NEXT: Record<ConditionName, string> = {
  'board-auth': `set a working token (supabase secrets set MONDAY_API_TOKEN=...), then run ${RETRY} in the SQL editor.`,
  'board-access': `fix MONDAY_BOARD_ID / MONDAY_GROUP_ID (or the board's sharing), then run ${RETRY}.`,
  failed: `fix the cause (the last error above), then run ${RETRY}.`,
  'pending-age': 'read the last error above; redelivery keeps trying, and sales can call the lead meanwhile.',
  'shared-bucket':
    'run the header check of docs/deploy.md ("The client address reaches the functions"); if it fails, put the site back behind Cloudflare, or set CLIENT_ADDRESS_HEADER and enterprise_registration_settings.client_address_header to the header your proxy overwrites.',
}

const SHORT: Record<ConditionName, string> = {
  'board-auth': 'board refused the credentials',
  'board-access': 'board or group not accessible',
  failed: 'failed leads',
  'pending-age': 'leads pending too long',
  'shared-bucket': 'client address header missing',
}

/** docs/lead-alerts.md's section for each condition (its heading is the short name). */
const RUNBOOK: Record<ConditionName, string> = {
  'board-auth': 'lead-alerts.md#board-refused-the-credentials',
  'board-access': 'lead-alerts.md#board-or-group-not-accessible',
  failed: 'lead-alerts.md#failed-leads',
  'pending-age': 'lead-alerts.md#leads-pending-too-long',
  'shared-bucket': 'client-address.md#client-address-header-missing',
}

const LISTED = 20

/** One line a salesperson can act on: who, a tap to call, where from, when, and a tap to the board item. */
export function leadLine(lead: AlertLead, format: TextFormat): string {
  const text = (value: string | null) => visitorText(value, format)
  const source = `${text(lead.sourceLabel)} (${text(lead.sourcePath)})`
  const error = lead.lastError ? `, last error: ${text(lead.lastError)}` : ''
  const url = boardItemUrl(lead.boardItemId)
  const board = url ? `, ${link(url, 'open on the board', format)}` : ''
  const unverified = lead.verified === false ? 'Unverified: ' : ''
  return `- ${unverified}${text(lead.name)}, ${phoneText(lead.phone, format)}, ${emailText(lead.email, format)}, from ${source}, ${agencyTime(lead.createdAt)}${error}${board}`
}

/** Each lead once per message: one that meets a second condition is counted there, not listed again. */
function leadList(report: ConditionReport, listed: Set<string>, format: TextFormat): string[] {
  const shown = report.leads.slice(0, LISTED)
  const fresh = shown.filter((lead) => !listed.has(lead.submissionId))
  for (const lead of fresh) listed.add(lead.submissionId)
  const lines = fresh.map((lead) => leadLine(lead, format))
  const above = shown.length - fresh.length
  if (above > 0) lines.push(`- ${above} lead(s) listed above`)
  if (report.count > shown.length) lines.push(`- …and ${report.count - shown.length} more: select * from leads_attention;`)
  return lines
}

export type AlertMessageOptions = { format: TextFormat; pendingMinutes: number; ops: OpsContext }

/** One message per channel and run: every condition raised, with its leads and what to do, then those resolved. */
export function alertMessage(plan: AlertPlan, options: AlertMessageOptions): AlertMessage {
  const { format, pendingMinutes, ops } = options
  const listed = new Set<string>()
  const sections = plan.raised.map((report) =>
    [
      opsHeading(ops, `ALERT: ${SHORT[report.condition]}`, format),
      WHAT[report.condition](report, pendingMinutes),
      ...leadList(report, listed, format),
      ...opsFooter(ops, { happened: HAPPENED[report.condition], next: NEXT[report.condition], runbook: RUNBOOK[report.condition] }, format),
    ].join('\n'),
  )
  for (const condition of plan.resolved) sections.push(`${opsHeading(ops, `RESOLVED: ${SHORT[condition]}`, format)}\nThis no longer holds.`)
  const names = (conditions: ConditionName[]) => conditions.map((condition) => SHORT[condition]).join(', ')
  const subject = plan.raised.length
    ? `[${ops.environment}] Lead alert: ${names(plan.raised.map((report) => report.condition))}`
    : `[${ops.environment}] Lead alert resolved: ${names(plan.resolved)}`
  return { subject, text: sections.join('\n\n') }
}
