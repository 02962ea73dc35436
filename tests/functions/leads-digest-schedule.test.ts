import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AlertChannel, AlertMessage } from '../../supabase/functions/_shared/alerts/channels.ts'
import { sendDigest, type DigestFigures, type UnbookedLead } from '../../supabase/functions/_shared/alerts/digest.ts'
import { agencyClock, digestDay, type DigestDays } from '../../supabase/functions/_shared/alerts/digest-schedule.ts'
import { recordingLogger } from './support'

const SYDNEY = 'Australia/Sydney'

function channel(name: 'webhook' | 'email', sent: AlertMessage[], fails = false): AlertChannel {
  return {
    name,
    format: name === 'webhook' ? 'slack' : 'plain',
    send: async (message) => {
      if (fails) throw new Error('HTTP 503 down')
      sent.push(message)
    },
  }
}

function memoryDays(): DigestDays & { days: Set<string> } {
  const days = new Set<string>()
  return {
    days,
    claim: async (day) => !days.has(day) && Boolean(days.add(day)),
    release: async (day) => void days.delete(day),
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

  it('the hourly job sends one digest a day, the first time it runs from 07:00 agency time, on both DST Sundays', async () => {
    for (const [first, seven] of [
      ['2026-04-04T14:00:00Z', '2026-04-04T21:00:00Z'],
      ['2026-10-03T14:00:00Z', '2026-10-03T20:00:00Z'],
    ] as const) {
      const sent: AlertMessage[] = []
      const days = memoryDays()
      const sentAt: string[] = []
      for (let hour = 0; hour < 12; hour++) {
        const now = new Date(Date.parse(first) + hour * 3_600_000)
        const report = await sendDigest({
          figures: async () => figures([lead()]),
          channels: [channel('email', sent)],
          logger: recordingLogger(),
          always: false,
          schedule: { now: () => now, timeZone: SYDNEY, days },
        })
        if (report.sent.length) sentAt.push(now.toISOString())
      }
      expect(sentAt).toEqual([new Date(seven).toISOString()])
      expect(sent).toHaveLength(1)
    }
  })

  it('a digest no channel took is tried again the next hour; an operator can force one at any hour', async () => {
    const days = memoryDays()
    const base = { figures: async () => figures([lead()]), logger: recordingLogger(), always: false }
    const at = (iso: string) => ({ now: () => new Date(iso), timeZone: SYDNEY, days })
    expect(await sendDigest({ ...base, channels: [channel('email', [], true)], schedule: at('2026-11-26T20:00:00Z') })).toEqual({
      sent: [],
      failed: ['email'],
    })
    const sent: AlertMessage[] = []
    expect(await sendDigest({ ...base, channels: [channel('email', sent)], schedule: at('2026-11-26T21:00:00Z') })).toEqual({
      sent: ['email'],
      failed: [],
    })
    expect(await sendDigest({ ...base, channels: [channel('email', sent)], schedule: at('2026-11-26T22:00:00Z') })).toMatchObject({
      skipped: 'already sent today',
    })
    expect(await sendDigest({ ...base, channels: [channel('email', sent)], schedule: at('2026-11-26T22:00:00Z'), force: true })).toEqual({
      sent: ['email'],
      failed: [],
    })
    expect(sent).toHaveLength(2)
  })
})

describe("the digest's text, as sales reads it", () => {
  beforeEach(() => {
    const settings: Record<string, string> = { MONDAY_ACCOUNT_SLUG: 'agency', MONDAY_BOARD_ID: '1234' }
    vi.stubGlobal('Deno', { env: { get: (name: string) => settings[name] } })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('lists the lead whose call was cancelled, with the reason, a tap to call and a tap to the board item', async () => {
    const sent: AlertMessage[] = []
    const cancelled = lead({ name: 'Grace Hopper', cancelled: { reason: 'Travelling, call me next week' } })
    await sendDigest({
      figures: async () => figures([lead(), cancelled]),
      channels: [channel('webhook', sent), channel('email', sent)],
      logger: recordingLogger(),
      always: false,
    })
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
