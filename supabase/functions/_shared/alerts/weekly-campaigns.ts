import type { AlertChannel, AlertContent } from './channels.ts'
import { ALERTS_OFF } from './channels.ts'
import { conversionsLines, count, funnelLines, type CampaignReport } from './campaign-figures.ts'
import { agencyClock, DIGEST_HOUR } from './digest-schedule.ts'
import { boardUrl, link } from './links.ts'
import { strong } from './text.ts'
import type { Logger } from '../runtime/logger.ts'

const DAY_MS = 86_400_000
const LISTED = 25

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The ISO week of a Monday ('2026-W48'): the week of its Thursday's year. */
export function isoWeek(monday: string): string {
  const thursday = new Date(Date.parse(`${monday}T00:00:00Z`) + 3 * DAY_MS)
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7)
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/**
 * The week to report at `now`: the Monday-to-Sunday before the agency's current week, due from
 * Monday 07:00 agency time (the digest's hour); later in the week a run still queues it if none has.
 */
export function reportWeek(now: Date, timeZone: string): { week: string; firstDay: string; lastDay: string } | undefined {
  const clock = agencyClock(now, timeZone)
  const today = Date.parse(`${clock.day}T00:00:00Z`)
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7
  if (sinceMonday === 0 && clock.hour < DIGEST_HOUR) return undefined
  const monday = today - (sinceMonday + 7) * DAY_MS
  return { week: isoWeek(dayOf(monday)), firstDay: dayOf(monday), lastDay: dayOf(monday + 6 * DAY_MS) }
}

export interface WeeklyCampaignsStore {
  /** Takes the week (ad_report_weeks) and queues its report under `key`, in one transaction (pg-campaign-report.ts). */
  queue(request: { week: string; firstDay: string; lastDay: string; timeZone: string; key: string }): Promise<'queued' | 'already queued'>
}
export type WeeklyCampaignsOutcome = { queued?: string; skipped?: 'alerts off' | 'before Monday 07:00 agency time' | 'already queued' }

/** Queues last week's campaign report for sales once per ISO week (`weekly-campaigns:2026-W48`). */
export async function queueWeeklyCampaigns(deps: {
  store: WeeklyCampaignsStore
  channels: readonly AlertChannel[]
  timeZone: string
  logger: Logger
  now: () => Date
}): Promise<WeeklyCampaignsOutcome> {
  if (deps.channels.length === 0) {
    deps.logger.warn(ALERTS_OFF)
    return { skipped: 'alerts off' }
  }
  const week = reportWeek(deps.now(), deps.timeZone)
  if (!week) return { skipped: 'before Monday 07:00 agency time' }
  const key = `weekly-campaigns:${week.week}`
  const outcome = await deps.store.queue({ ...week, timeZone: deps.timeZone, key })
  return outcome === 'queued' ? { queued: key } : { skipped: outcome }
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** 'Mon 23 Nov', the same in Deno and Node whatever their locale data. */
const dayLabel = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`)
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`
}

/** The week's report for sales: per campaign the funnel, per platform the conversions; plain words. */
export function weeklyCampaignsMessage(report: CampaignReport): AlertContent {
  return (format) => {
    const when = `${dayLabel(report.firstDay)} to ${dayLabel(report.lastDay)}`
    const url = boardUrl()
    const lines = [strong(`Which campaigns brought customers, ${when}`, format)]
    if (report.funnel.length === 0 && report.conversions.length === 0) {
      lines.push('Nothing this week: no visits with a click id, no leads, calls, registrations or payments.')
    } else {
      lines.push(
        'Per ad platform and keyword: visits with a click id -> leads -> genuine leads (verified, not spam) -> calls booked -> registrations -> invoices paid. The % is of the step before.',
        ...(report.funnel.length ? funnelLines(report.funnel, format, LISTED) : ['No visits, leads or customers came this week.']),
        '',
        strong('Reported to the ad platforms', format),
        ...conversionsLines(report.conversions, format),
      )
    }
    if (url) lines.push('', `The leads themselves: ${link(url, 'the board', format)}.`)
    const leads = report.funnel.reduce((sum, row) => sum + row.leads, 0)
    const paid = report.funnel.reduce((sum, row) => sum + row.paid, 0)
    return {
      subject: `Campaigns ${when}: ${count(leads, 'lead', 'leads')}, ${count(paid, 'invoice paid', 'invoices paid')}`,
      text: lines.join('\n'),
    }
  }
}
