import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agencyClock } from '../../supabase/functions/_shared/alerts/digest-schedule.ts'
import { reportWeek } from '../../supabase/functions/_shared/alerts/weekly-campaigns.ts'
import { startFakeAlerts, RESEND_KEY, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 44 point 6 under Deno on a real PostgreSQL with the fake channels: the digest's hourly run
// queues last week's campaign report once per ISO week, however many runs overlap, and the digest
// carries yesterday's campaigns. The report's figures: tests/db/ad-campaign-report.test.ts.
const SECRET = 'weekly-secret'
let pg: PgCluster
let channels: FakeAlerts
let digest: DenoFunction

// A zone where it is now past 08:00 and before 22:00, so the digest's scheduled path runs today.
const ZONE = [
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/London',
  'America/New_York',
  'Pacific/Honolulu',
]
  .map((zone) => ({ zone, hour: agencyClock(new Date(), zone).hour }))
  .find(({ hour }) => hour >= 8 && hour <= 22)!.zone

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, channels] = await Promise.all([startPgCluster(), startFakeAlerts()])
  digest = await startFunction('leads-digest', {
    SUPABASE_DB_URL: pg.url,
    CRON_SECRET: SECRET,
    ALERT_WEBHOOK_URL: channels.webhookUrl,
    RESEND_API_URL: channels.resendUrl,
    RESEND_API_KEY: RESEND_KEY,
    ALERT_EMAIL_TO: 'sales@agency.test',
    ALERT_EMAIL_FROM: 'alerts@agency.test',
    AGENCY_TIME_ZONE: ZONE,
    MONDAY_ACCOUNT_SLUG: 'agency',
    MONDAY_BOARD_ID: '123',
  })
}, 120_000)
afterAll(async () => {
  await digest?.stop()
  await channels?.close()
  await pg?.stop()
})
beforeEach(() => {
  loopbackPassesThrough()
  channels.clear()
})

const consent = {
  asked: false,
  source: 'not-asked',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
}
/** A genuine lead from a Google ad, at noon of an agency day. */
const lead = (day: string, keyword: string) => pg.sql`
  insert into leads (submission_id, status, lead, tracking, source, attribution, verified, created_at)
  values (gen_random_uuid(), 'delivered', ${pg.sql.json({ name: 'Ada', email: 'ada@example.com', phone: '0422470721', business: '1 St', locations: '1', note: '' })},
    ${pg.sql.json({ platform: 'google', keyword })}, ${pg.sql.json({ path: '/vet', label: 'Vet' })},
    ${pg.sql.json({ platform: 'google', keyword, clickIds: { gclid: 'g1' }, clickAt: 1_790_000_000_000, landingUrl: 'https://site.test/vet', consent })},
    true, (${day}::date + time '12:00') at time zone ${ZONE})`
const run = () => fetchWithin(digest.url, { method: 'POST', headers: { 'x-cron-secret': SECRET }, within: 30_000 })

describe('the weekly campaign report through the digest runs', () => {
  it('two overlapping digest runs queue last week’s report once: one message per channel, keyed by the ISO week', async () => {
    const week = reportWeek(new Date(), ZONE)!
    expect(week).toBeDefined()
    const today = agencyClock(new Date(), ZONE).day
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    await lead(week.firstDay, '<b>@here</b>')
    await lead(yesterday, 'vet yesterday')

    const answers = await Promise.all([run(), run(), run()])
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200])
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as { weekly?: { queued?: string; skipped?: string } }[]
    expect(bodies.map((body) => body.weekly).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { queued: `weekly-campaigns:${week.week}` },
      { skipped: 'already queued' },
      { skipped: 'already queued' },
    ])
    expect(await pg.sql`select channel, message_key from notifications where kind = 'weekly-campaigns' order by channel`).toEqual([
      { channel: 'email', message_key: `weekly-campaigns:${week.week}` },
      { channel: 'webhook', message_key: `weekly-campaigns:${week.week}` },
    ])
    expect(await pg.sql`select week from ad_report_weeks`).toEqual([{ week: week.week }])

    // Sent by the runs' notifications worker: once on each channel, the visitor's keyword inert.
    const weekly = (text: string) => text.includes('Which campaigns brought customers')
    await expect.poll(() => channels.emails.filter((email) => weekly(email.text)).length, { timeout: 10_000 }).toBe(1)
    const [chat] = channels.webhook.filter((message) => weekly(message.text))
    expect(channels.webhook.filter((message) => weekly(message.text))).toHaveLength(1)
    expect(chat!.text).toContain('keyword "&lt;b&gt;@\u200bhere&lt;/b&gt;"')
    expect(chat!.text).not.toContain('<b>')
    expect(chat!.text).toContain('1 lead -> 1 genuine (100%)')
    expect(chat!.text).toContain('<https://agency.monday.com/boards/123|the board>')

    // The day's digest carries yesterday's campaigns.
    const digests = () => channels.webhook.filter((message) => message.text.includes('Leads in the last 24 hours'))
    await expect.poll(() => digests().length, { timeout: 10_000 }).toBe(1)
    const [digestChat] = digests()
    expect(digestChat!.text).toContain(`Campaigns yesterday (${yesterday})`)
    expect(digestChat!.text).toContain('Google Ads, keyword "vet yesterday"')

    // A later run that week queues nothing more.
    expect(await (await run()).json()).toMatchObject({ weekly: { skipped: 'already queued' } })
  }, 60_000)
})
