import { ALERTS_OFF, type AlertChannel, type AlertMessage } from './channels.ts'
import { funnelLines, type CampaignReport } from './campaign-figures.ts'
import { digestDay } from './digest-schedule.ts'
import { leadLine } from './message.ts'
import { strong, visitorText, type TextFormat } from './text.ts'
import type { AlertLead } from './lead-alerts.ts'
import { boardGroupLine, needsALookLines, needsALookTotal, type NeedsALookCounts } from './needs-a-look-summary.ts'
import type { Logger } from '../runtime/logger.ts'

export type SpamLead = AlertLead & { reason: string | null }
/** A lead with no call booked: `cancelled` when its latest booking event was a cancellation (with the reason given, if any). */
export type UnbookedLead = AlertLead & { cancelled?: { reason: string | null } }
export type DigestFigures = {
  received: number
  delivered: number
  pending: number
  failed: number
  spam: number
  spamLeads: SpamLead[]
  /** The last day's leads with no call booked, or whose call was cancelled (the first of them listed). */
  unbooked?: { count: number; leads: UnbookedLead[] }
  /** The last day's records that paged nobody one by one (unverified, spam, held), by class. */
  needsALook?: NeedsALookCounts
  /** Yesterday's (the agency day before the digest's) funnel per ad platform and keyword. */
  campaigns?: CampaignReport
}

export const hasNews = (f: DigestFigures) =>
  f.received + f.delivered + f.pending + f.failed + f.spam + (f.needsALook ? needsALookTotal(f.needsALook) : 0) > 0 ||
  (f.campaigns?.funnel.length ?? 0) > 0

const REASONS: Record<string, string> = {
  honeypot: 'honeypot filled',
  'too-fast': 'sent too fast',
  'no-guard': 'no guard (posted directly)',
}

const CAMPAIGNS_LISTED = 10

/** The digest is for sales: figures and people to call, no commands (the ops channel has the alerts and runbooks). */
export function digestMessage(f: DigestFigures, format: TextFormat): AlertMessage {
  const lines = [
    strong('Leads in the last 24 hours', format),
    `Received ${f.received}, delivered ${f.delivered}. Still pending now: ${f.pending}. Failed now: ${f.failed}.`,
  ]
  if (f.failed > 0) lines.push('Failed leads are not on the board: the ops channel has their names and numbers; call them.')
  if (f.needsALook && needsALookTotal(f.needsALook) > 0)
    lines.push(
      '',
      strong(`Needs a look: ${needsALookTotal(f.needsALook)}`, format),
      ...needsALookLines(f.needsALook),
      boardGroupLine(format),
    )
  if (f.spam > 0) {
    lines.push(
      '',
      strong(`Flagged as spam: ${f.spam}`, format),
      'A real person among them? Give their id to the on-call developer, who sends them to the board.',
    )
    // A spam lead is a stranger's text: its name and why it was held, never its message, links or contacts.
    for (const lead of f.spamLeads) {
      const reason = REASONS[lead.reason ?? ''] ?? visitorText(lead.reason, format, 40)
      lines.push(
        `- ${lead.verified === false ? 'Unverified: ' : ''}${visitorText(lead.name, format, 60)}, reason: ${reason}, id ${lead.submissionId}`,
      )
    }
    const more = f.spam - f.spamLeads.length
    if (more > 0) lines.push(`- …and ${more} more`)
  }
  if (f.unbooked && f.unbooked.count > 0) {
    lines.push('', strong(`No call booked yet: ${f.unbooked.count}`, format), 'These leads have no strategy call booked: call them.')
    for (const lead of f.unbooked.leads) {
      const cancelled = lead.cancelled
        ? ` (call cancelled${lead.cancelled.reason ? `: ${visitorText(lead.cancelled.reason, format, 120)}` : ''})`
        : ''
      lines.push(`${leadLine(lead, format)}${cancelled}`)
    }
    const more = f.unbooked.count - f.unbooked.leads.length
    if (more > 0) lines.push(`- …and ${more} more`)
  }
  if (f.campaigns && f.campaigns.funnel.length > 0)
    lines.push(
      '',
      strong(`Campaigns yesterday (${f.campaigns.firstDay})`, format),
      ...funnelLines(f.campaigns.funnel, format, CAMPAIGNS_LISTED),
    )
  return { subject: `Leads digest: ${f.received} received, ${f.failed} failed, ${f.spam} flagged as spam`, text: lines.join('\n') }
}

export interface DigestStore {
  /** Records `day`'s digest (none when forced) and queues it under `key`, in one transaction (pg-digest-store.ts). */
  queue(request: { day?: string; key: string; always: boolean }): Promise<'queued' | 'already sent today' | 'nothing to report'>
}

export type DigestDeps = {
  store: DigestStore
  channels: readonly AlertChannel[]
  logger: Logger
  always: boolean
  /** Hourly calls queue it from 07:00 agency time, once per agency day; without it (or `force`) every call does. */
  schedule?: { timeZone: string }
  /** An operator's call: send now, whatever the hour and whether today's went out. */
  force?: boolean
  now: () => Date
}
export type DigestReport = {
  /** The digest's key in the notifications outbox, which sends it. */
  queued?: string
  skipped?: 'alerts off' | 'nothing to report' | 'before 07:00 agency time' | 'already sent today'
}

/** Queues the daily digest for sales; a day with nothing to report queues none unless `always`. */
export async function queueDigest(deps: DigestDeps): Promise<DigestReport> {
  if (deps.channels.length === 0) {
    deps.logger.warn(ALERTS_OFF)
    return { skipped: 'alerts off' }
  }
  const schedule = deps.force ? undefined : deps.schedule
  const day = schedule && digestDay(deps.now(), schedule.timeZone)
  if (schedule && !day) return { skipped: 'before 07:00 agency time' }
  // One digest per agency day; a forced one is its own message.
  const key = day ? `digest:${day}` : `digest:forced:${deps.now().toISOString()}`
  const outcome = await deps.store.queue({ day, key, always: deps.always })
  return outcome === 'queued' ? { queued: key } : { skipped: outcome }
}
