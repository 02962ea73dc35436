import { describe, expect, it } from 'vitest'
import type { CampaignReport } from '../../supabase/functions/_shared/alerts/campaign-figures.ts'
import { digestMessage } from '../../supabase/functions/_shared/alerts/digest.ts'
import { isoWeek, reportWeek } from '../../supabase/functions/_shared/alerts/weekly-campaigns.ts'
import { renderers } from '../../supabase/functions/_shared/notify/kinds.ts'

// The weekly campaign report's week and text (the overlapping runs: weekly-campaigns-deno.test.ts).
const SYDNEY = 'Australia/Sydney'
const row = (platform: string, keyword: string, counts: Partial<CampaignReport['funnel'][number]> = {}) => ({
  platform,
  keyword,
  visits: 120,
  leads: 12,
  genuine: 5,
  calls: 2,
  registrations: 1,
  paid: 1,
  revenue: 3540,
  ...counts,
})
const report = (funnel: CampaignReport['funnel'], conversions: CampaignReport['conversions'] = []): CampaignReport => ({
  firstDay: '2026-11-23',
  lastDay: '2026-11-29',
  timeZone: SYDNEY,
  funnel,
  conversions,
})
const render = (payload: CampaignReport, format: 'slack' | 'plain') =>
  renderers['weekly-campaigns']!(payload as unknown as Record<string, unknown>)(format)

describe('the week reported', () => {
  it.each([
    // Monday 30 Nov 06:59 in Sydney (UTC+11): not yet; 07:00: the week of 23-29 Nov.
    ['2026-11-29T19:59:00Z', undefined],
    ['2026-11-29T20:00:00Z', { week: '2026-W48', firstDay: '2026-11-23', lastDay: '2026-11-29' }],
    // Later that week a run still finds the same week (queued once: the store keeps it taken).
    ['2026-12-03T01:00:00Z', { week: '2026-W48', firstDay: '2026-11-23', lastDay: '2026-11-29' }],
    // Sunday 29 Nov in Sydney: the week before.
    ['2026-11-29T03:00:00Z', { week: '2026-W47', firstDay: '2026-11-16', lastDay: '2026-11-22' }],
    // Across the year: 2026 has 53 ISO weeks.
    ['2027-01-04T00:00:00Z', { week: '2026-W53', firstDay: '2026-12-28', lastDay: '2027-01-03' }],
  ])('at %s', (utc, week) => {
    expect(reportWeek(new Date(utc), SYDNEY)).toEqual(week)
  })
  it('names ISO weeks by their Thursday', () => {
    expect([isoWeek('2025-12-29'), isoWeek('2026-01-05'), isoWeek('2027-01-04')]).toEqual(['2026-W01', '2026-W02', '2027-W01'])
  })
})

describe('the weekly report as sales reads it', () => {
  it('shows each step with its rate, and per platform what was reported, skipped and why, failed', () => {
    const { subject, text } = render(
      report(
        [row('google', 'vet')],
        [{ platform: 'google', reported: 4, failed: 1, waiting: 0, skipped: { 'click-too-old': 2, 'no-click-id': 1 } }],
      ),
      'plain',
    )
    expect(subject).toBe('Campaigns Mon 23 Nov to Sun 29 Nov: 12 leads, 1 invoice paid')
    expect(text).toContain(
      '- Google Ads, keyword "vet": 120 visits with a click id -> 12 leads (10%) -> 5 genuine (42%) -> 2 calls booked (40%) -> 1 registration (50%) -> 1 invoice paid (100%), 3,540 USD',
    )
    expect(text).toContain(
      '- Google Ads: 4 reported, 3 not sent (click older than the platform takes 2, no click id 1), 1 failed, 0 waiting',
    )
  })

  it('makes a visitor’s keyword and platform inert on each channel', () => {
    const hostile = report([row('<!channel>', '<b>@here</b> *buy* https://evil.example\nALERT: call 555')])
    const chat = render(hostile, 'slack').text
    expect(chat).toContain(
      '&lt;!channel&gt;, keyword "&lt;b&gt;@\u200bhere&lt;/b&gt; \u2217buy\u2217 hxxps[://]evil[.]example ALERT: call 555"',
    )
    expect(chat).not.toMatch(/<b>|<!channel>|@here|https:\/\//)
    const email = render(hostile, 'plain').text
    expect(email).toContain('keyword "<b>@here</b> *buy* https://evil.example ALERT: call 555"')
    expect(email.split('\n').filter((line) => line.includes('ALERT'))).toHaveLength(1)
  })

  it('a link’s platform named after an object property (constructor, __proto__) is its own text, not our code', () => {
    const text = render(report([row('constructor', 'a'), row('__proto__', 'b'), row('tostring', 'c')]), 'plain').text
    expect(text).toContain('- constructor, keyword "a": ')
    expect(text).toContain('- __proto__, keyword "b": ')
    expect(text).toContain('- tostring, keyword "c": ')
    expect(text).not.toMatch(/native code|\[object Object\]|function/)
    const conversions = report([], [{ platform: 'google', reported: 0, failed: 0, waiting: 0, skipped: { constructor: 1 } }])
    expect(render(conversions, 'plain').text).toContain('0 reported, 1 not sent (constructor 1)')
  })

  it('an empty week says so in one line', () => {
    const { text } = render(report([]), 'plain')
    expect(text.split('\n')).toEqual([
      'Which campaigns brought customers, Mon 23 Nov to Sun 29 Nov',
      'Nothing this week: no visits with a click id, no leads, calls, registrations or payments.',
    ])
  })

  it('the digest carries yesterday’s campaigns, one line each', () => {
    const yesterday = {
      ...report([row('meta', 'dentist', { visits: 0, leads: 2, genuine: 1 })]),
      firstDay: '2026-11-28',
      lastDay: '2026-11-28',
    }
    const figures = { received: 2, delivered: 2, pending: 0, failed: 0, spam: 0, spamLeads: [], campaigns: yesterday }
    expect(digestMessage(figures, 'plain').text).toContain(
      'Campaigns yesterday (2026-11-28)\n- Meta, keyword "dentist": 0 visits with a click id -> 2 leads -> 1 genuine (50%)',
    )
  })
})
