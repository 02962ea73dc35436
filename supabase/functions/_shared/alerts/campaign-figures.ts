import { strong, visitorText, type TextFormat } from './text.ts'

/** One platform and keyword's funnel over the report's days (public.ad_campaign_report()). */
export type CampaignRow = {
  platform: string
  keyword: string
  visits: number
  leads: number
  genuine: number
  calls: number
  registrations: number
  paid: number
  /** USD, invoices in another currency count as paid without revenue. */
  revenue: number
}
/** One platform's conversions queued in the report's days (ad_conversions). */
export type ConversionsRow = { platform: string; reported: number; failed: number; waiting: number; skipped: Record<string, number> }
export type CampaignReport = { firstDay: string; lastDay: string; timeZone: string; funnel: CampaignRow[]; conversions: ConversionsRow[] }

const PLATFORMS: Record<string, string> = {
  google: 'Google Ads',
  meta: 'Meta',
  facebook: 'Meta (facebook)',
  bing: 'Microsoft Ads',
  microsoft: 'Microsoft Ads',
}
const SKIPS: Record<string, string> = {
  'no-click-id': 'no click id',
  'click-too-old': 'click older than the platform takes',
  'event-too-old': 'event older than 7 days',
  'event-before-click': 'event before the click',
  'consent-denied': 'no consent to send',
  'no-website-context': 'no page or browser details',
  'platform-refused': 'refused by the platform',
  'record-erased': 'record erased',
  'not-genuine': 'called not genuine by staff',
  'not-configured': 'platform not set up',
}

/** The ad link's platform is whatever the link said: our name for the ones we know, else its text made inert. */
export function platformName(platform: string, format: TextFormat): string {
  if (!platform) return 'No ad platform'
  // Own names only: a link's `?platform=constructor` must not read Object.prototype.
  return Object.hasOwn(PLATFORMS, platform) ? PLATFORMS[platform]! : visitorText(platform, format, 40)
}

/** '42%': the share of the step before, none when that step had nothing. */
const rate = (count: number, of: number) => (of > 0 ? ` (${Math.round((count / of) * 100)}%)` : '')
const usd = (amount: number) => `${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })} USD`

/** 'Google Ads, keyword "vet"': the keyword is the ad link's text, inert for the channel. */
export function campaignName(row: Pick<CampaignRow, 'platform' | 'keyword'>, format: TextFormat): string {
  const keyword = row.keyword ? `keyword "${visitorText(row.keyword, format, 60)}"` : 'no keyword'
  return `${platformName(row.platform, format)}, ${keyword}`
}

/** '1 lead', '12 leads'. */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The funnel in plain words with the rate at each step: '12 leads -> 5 genuine (42%)'. */
export function funnelText(row: CampaignRow): string {
  const steps = [
    count(row.visits, 'visit with a click id', 'visits with a click id'),
    `${count(row.leads, 'lead', 'leads')}${rate(row.leads, row.visits)}`,
    `${row.genuine} genuine${rate(row.genuine, row.leads)}`,
    `${count(row.calls, 'call booked', 'calls booked')}${rate(row.calls, row.genuine)}`,
    `${count(row.registrations, 'registration', 'registrations')}${rate(row.registrations, row.calls)}`,
    `${count(row.paid, 'invoice paid', 'invoices paid')}${rate(row.paid, row.registrations)}, ${usd(row.revenue)}`,
  ]
  return steps.join(' -> ')
}

/** Per platform: what reached it, what was not sent and why, what failed or still waits. */
export function conversionsLines(rows: readonly ConversionsRow[], format: TextFormat): string[] {
  if (rows.length === 0) return ['No conversions were due to the ad platforms.']
  return rows.map((row) => {
    const skippedTotal = Object.values(row.skipped).reduce((sum, n) => sum + n, 0)
    const reasons = Object.entries(row.skipped)
      .sort(([, a], [, b]) => b - a)
      .map(([reason, n]) => `${Object.hasOwn(SKIPS, reason) ? SKIPS[reason] : visitorText(reason, format, 40)} ${n}`)
      .join(', ')
    const skipped = `${skippedTotal} not sent${reasons ? ` (${reasons})` : ''}`
    return `- ${platformName(row.platform, format)}: ${row.reported} reported, ${skipped}, ${row.failed} failed, ${row.waiting} waiting`
  })
}

/** The lines of the busiest campaigns, then how many more. */
export function funnelLines(rows: readonly CampaignRow[], format: TextFormat, listed: number): string[] {
  const lines = rows.slice(0, listed).map((row) => `- ${strong(campaignName(row, format), format)}: ${funnelText(row)}`)
  if (rows.length > listed) lines.push(`- …and ${rows.length - listed} more (smaller) campaigns`)
  return lines
}
