import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AlertChannel } from '../../supabase/functions/_shared/alerts/channels.ts'
import { queueDigest, type DigestFigures, type DigestStore, type UnbookedLead } from '../../supabase/functions/_shared/alerts/digest.ts'
import { agencyClock, digestDay } from '../../supabase/functions/_shared/alerts/digest-schedule.ts'
import { renderers } from '../../supabase/functions/_shared/notify/kinds.ts'
import { recordingLogger } from './support'

const SYDNEY = 'Australia/Sydney'

const channel = (name: 'webhook' | 'email'): AlertChannel => ({
  name,
  format: name === 'webhook' ? 'slack' : 'plain',
  send: async () => {},
})

/** lead_digest_days and the outbox as pg-digest-store.ts keeps them: a day is taken once; each key queued once. */
function memoryStore(): DigestStore & { queued: string[] } {
  const days = new Set<string>()
  const queued: string[] = []
  return {
    queued,
    queue: async ({ day, key }) => {
      if (day && days.has(day)) return 'already sent today'
      if (day) days.add(day)
      queued.push(key)
      return 'queued'
    },
  }
}

const lead = (overrides: Partial<UnbookedLead> = {}): UnbookedLead => ({
  submissionId: '3f1c2b9e-7a4d-4e8b-9c1a-2d3e4f5a6b7c',
  name: 'Ada Lovelace',
  phone: '0412345678',
  email: 'ada@example.com',
  sourcePath: '/pricing',
  sourceLabel: 'Pricing',
  createdAt: new Date('2026-11-25T09:12:00.000Z'),
  status: 'delivered',
  lastError: null,
  boardItemId: '9001',
  ...overrides,
})
const figures = (unbooked: UnbookedLead[]): DigestFigures => ({
  received: unbooked.length,
  delivered: unbooked.length,
  pending: 0,
  failed: 1,
  spam: 0,
  spamLeads: [],
  unbooked: { count: unbooked.length, leads: unbooked },
})

describe("the digest's hour: 07:00 in the agency's zone, summer time included", () => {
  it.each([
    // First Sunday of April 2026: Sydney leaves summer time (UTC+11 -> UTC+10) at 03:00.
    ['2026-04-04T19:00:00Z', '2026-04-05', 5, undefined],
    ['2026-04-04T20:00:00Z', '2026-04-05', 6, undefined],
    ['2026-04-04T21:00:00Z', '2026-04-05', 7, '2026-04-05'],
    // First Sunday of October 2026: summer time starts (UTC+10 -> UTC+11) at 02:00.
    ['2026-10-03T19:00:00Z', '2026-10-04', 6, undefined],
    ['2026-10-03T20:00:00Z', '2026-10-04', 7, '2026-10-04'],
    // 07:00 UTC is 6 pm in Sydney: not the morning.
    ['2026-11-26T07:00:00Z', '2026-11-26', 18, '2026-11-26'],
    ['2026-11-26T19:00:00Z', '2026-11-27', 6, undefined],
  ])('at %s it is %s, %i h in Sydney', (utc, day, hour, due) => {
    expect(agencyClock(new Date(utc), SYDNEY)).toEqual({ day, hour })
    expect(digestDay(new Date(utc), SYDNEY)).toBe(due)
  })

  it('the hourly job queues one digest a day, the first time it runs from 07:00 agency time, on both DST Sundays', async () => {
    for (const [first, seven, day] of [
      ['2026-04-04T14:00:00Z', '2026-04-04T21:00:00Z', '2026-04-05'],
      ['2026-10-03T14:00:00Z', '2026-10-03T20:00:00Z', '2026-10-04'],
    ] as const) {
      const store = memoryStore()
      const queuedAt: string[] = []
      for (let hour = 0; hour < 12; hour++) {
        const now = new Date(Date.parse(first) + hour * 3_600_000)
        const report = await queueDigest({
          store,
          channels: [channel('email')],
          logger: recordingLogger(),
          always: false,
          schedule: { timeZone: SYDNEY },
          now: () => now,
        })
        if (report.queued) queuedAt.push(now.toISOString())
      }
      expect(queuedAt).toEqual([new Date(seven).toISOString()])
      expect(store.queued).toEqual([`digest:${day}`])
    }
  })

  it('once queued, the day is done (the outbox sends it, and retries a channel that failed); an operator can force one at any hour', async () => {
    const store = memoryStore()
    const base = { store, channels: [channel('email')], logger: recordingLogger(), always: false, schedule: { timeZone: SYDNEY } }
    const at = (iso: string) => () => new Date(iso)
    expect(await queueDigest({ ...base, now: at('2026-11-26T20:00:00Z') })).toEqual({ queued: 'digest:2026-11-27' })
    expect(await queueDigest({ ...base, now: at('2026-11-26T21:00:00Z') })).toEqual({ skipped: 'already sent today' })
    expect(await queueDigest({ ...base, now: at('2026-11-26T22:00:00Z'), force: true })).toEqual({
      queued: 'digest:forced:2026-11-26T22:00:00.000Z',
    })
    expect(store.queued).toHaveLength(2)
  })
})

describe("the digest's text, as sales reads it", () => {
  beforeEach(() => {
    const settings: Record<string, string> = { MONDAY_ACCOUNT_SLUG: 'agency', MONDAY_BOARD_ID: '1234' }
    vi.stubGlobal('Deno', { env: { get: (name: string) => settings[name] } })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('lists the lead whose call was cancelled, with the reason, a tap to call and a tap to the board item', async () => {
    const cancelled = lead({ name: 'Grace Hopper', cancelled: { reason: 'Travelling, call me next week' } })
    // As the outbox renders it from the stored figures (JSON).
    const stored = JSON.parse(JSON.stringify(figures([lead(), cancelled]))) as Record<string, unknown>
    const sent = [renderers.digest!(stored)('slack'), renderers.digest!(stored)('plain')]
    const [chat, mail] = sent
    expect(chat!.text).toContain('*No call booked yet: 2*')
    expect(chat!.text).toContain(
      '- Grace Hopper, <tel:+61412345678|0412 345 678>, <mailto:ada@example.com|ada@example.com>, from Pricing (/pricing), Wed 25 Nov 2026, 8:12 pm AEDT, <https://agency.monday.com/boards/1234/pulses/9001|open on the board> (call cancelled: Travelling, call me next week)',
    )
    expect(mail!.text).toContain(
      '- Ada Lovelace, 0412 345 678 (tel:+61412345678), ada@example.com, from Pricing (/pricing), Wed 25 Nov 2026, 8:12 pm AEDT, open on the board: https://agency.monday.com/boards/1234/pulses/9001',
    )
    // Sales reads it: no SQL or CLI commands.
    for (const message of sent) expect(message.text).not.toMatch(/select |supabase /)
  })
})
