import { ALERTS_OFF, type AlertChannel, type AlertMessage } from './channels.ts'
import { leadLine } from './message.ts'
import { strong, visitorText, type TextFormat } from './text.ts'
import type { AlertLead } from './lead-alerts.ts'
import type { Logger } from '../runtime/logger.ts'

export type SpamLead = AlertLead & { reason: string | null }
export type DigestFigures = {
  received: number
  delivered: number
  pending: number
  failed: number
  spam: number
  spamLeads: SpamLead[]
  /** The last day's leads that have not booked a call (the first of them listed). */
  unbooked?: { count: number; leads: AlertLead[] }
}

export const hasNews = (f: DigestFigures) => f.received + f.delivered + f.pending + f.failed + f.spam > 0

const REASONS: Record<string, string> = {
  honeypot: 'honeypot filled',
  'too-fast': 'sent too fast',
  'no-guard': 'no guard (posted directly)',
}

export function digestMessage(f: DigestFigures, format: TextFormat): AlertMessage {
  const lines = [
    strong('Leads in the last 24 hours', format),
    `Received ${f.received}, delivered ${f.delivered}. Still pending now: ${f.pending}. Failed now: ${f.failed}.`,
  ]
  if (f.failed > 0) lines.push('Failed leads: call them, fix the cause, then run `select retry_failed_leads();`.')
  if (f.spam > 0) {
    lines.push(
      '',
      strong(`Flagged as spam: ${f.spam}`, format),
      "A person wrongly flagged can be sent to the board with `select release_spam_lead('<submission id>');`.",
    )
    // A spam lead is a stranger's text: its name and why it was held, never its message, links or contacts.
    for (const lead of f.spamLeads) {
      const reason = REASONS[lead.reason ?? ''] ?? visitorText(lead.reason, format, 40)
      lines.push(`- ${visitorText(lead.name, format, 60)}, reason: ${reason}, id ${lead.submissionId}`)
    }
    const more = f.spam - f.spamLeads.length
    if (more > 0) lines.push(`- …and ${more} more: select submission_id, spam_reason, lead from leads where status = 'spam';`)
  }
  if (f.unbooked && f.unbooked.count > 0) {
    lines.push('', strong(`No call booked yet: ${f.unbooked.count}`, format), 'These leads have not booked their strategy call: call them.')
    for (const lead of f.unbooked.leads) lines.push(leadLine(lead, format))
    const more = f.unbooked.count - f.unbooked.leads.length
    if (more > 0) lines.push(`- …and ${more} more`)
  }
  return { subject: `Leads digest: ${f.received} received, ${f.failed} failed, ${f.spam} flagged as spam`, text: lines.join('\n') }
}

export type DigestDeps = {
  figures: () => Promise<DigestFigures>
  channels: readonly AlertChannel[]
  logger: Logger
  always: boolean
  now?: () => Date
}
export type DigestReport = { sent: string[]; failed: string[]; skipped?: 'alerts off' | 'nothing to report' }

/** The daily digest to every channel; a day with nothing to report sends none unless `always`. */
export async function sendDigest(deps: DigestDeps): Promise<DigestReport> {
  if (deps.channels.length === 0) {
    deps.logger.warn(ALERTS_OFF)
    return { sent: [], failed: [], skipped: 'alerts off' }
  }
  const figures = await deps.figures()
  if (!hasNews(figures) && !deps.always) return { sent: [], failed: [], skipped: 'nothing to report' }
  const report: DigestReport = { sent: [], failed: [] }
  for (const channel of deps.channels) {
    try {
      // One digest e-mail a day, however often the job is run again that day.
      const day = (deps.now?.() ?? new Date()).toISOString().slice(0, 10)
      await channel.send({ ...digestMessage(figures, channel.format), idempotencyKey: `lead-digest/${day}` })
      report.sent.push(channel.name)
    } catch (error) {
      deps.logger.error('digest channel failed', { channel: channel.name, error: String(error) })
      report.failed.push(channel.name)
    }
  }
  return report
}
