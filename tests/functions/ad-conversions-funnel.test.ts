import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { funnelStack, GOOGLE_ACTIONS, UA } from './funnel-stack'

// Issue 44's "Done when", through the real functions: a visitor who clicked a Google and a Meta ad
// posts the lead form (Turnstile passed, consent granted), books a call through the signed link,
// registers, confirms the address and pays; each platform hears of a lead, a call and a purchase with
// its value, exactly once, with that visitor's consent. A bot's lead is never reported.
const stack = funnelStack()
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const googleEvent = (action: string, key: string) => stack.google.events.get(`${action}|${key}`)?.event as Record<string, unknown>
const googleIngests = (key: string) => stack.google.requests.filter((r) => r.endpoint === 'ingest' && r.text.includes(`"${key}"`))
const metaEvents = (key: string) => stack.meta.events.filter((event) => event.event_id === key)
const metaPosts = (key: string) => stack.meta.requests.filter((r) => r.text.includes(`"${key}"`))
const release = (leadId: string) => stack.pg.sql`select public.record_staff_decision('lead', ${leadId}, 'release')`
const leadRow = async (submissionId: string) =>
  (
    await stack.pg.sql<{ id: string; attribution: Record<string, unknown> }[]>`
    select id::text, attribution from leads where submission_id = ${submissionId}`
  )[0]!

describe('ad conversions through the real functions (leads, cal-webhook, enterprise-*, stripe-webhook, webhook-events)', () => {
  it('a lead, a call and a purchase: each reported once to Google and to Meta, with its key, consent, hashes and value in USD', async () => {
    const lead = await stack.postLead({ clickIds: { gclid: 'Cj0KCQ-funnel', fbclid: 'IwAR-Funnel_1' } })
    expect(lead.verified).toBe(true)
    const { attribution } = await leadRow(lead.submissionId)
    expect(attribution.userAgent).toBe(UA)
    const uid = await stack.book(lead)
    const [booking] = await stack.pg.sql<{ attribution: { userAgent?: string } }[]>`select attribution from lead_bookings`
    expect(booking!.attribution.userAgent).toBe(UA)
    await stack.work()

    // Back on another day without a click: the confirmed address links the registration to the lead.
    const registrationId = await stack.register({ email: 'ada@example.com' })
    const [registered] = await stack.pg.sql`select attribution from enterprise_registrations where id = ${registrationId}`
    expect(registered!.attribution).not.toHaveProperty('userAgent')
    await stack.confirm(registrationId, 'ada@example.com')
    const { invoiceId, total } = await stack.pay(registrationId)
    await stack.work()
    await stack.work()

    const keys = { lead: `lead:${lead.submissionId}`, call: `call:${uid}`, purchase: `paid:${invoiceId}` }
    expect((await stack.conversions()).map((row) => [row.platform, row.dedup_key, row.status])).toEqual([
      ['google', keys.lead, 'sent'],
      ['meta', keys.lead, 'sent'],
      ['google', keys.call, 'sent'],
      ['meta', keys.call, 'sent'],
      ['google', keys.purchase, 'sent'],
      ['meta', keys.purchase, 'sent'],
    ])

    const userData = { userIdentifiers: [{ emailAddress: sha256('ada@example.com') }, { phoneNumber: sha256('+61422470721') }] }
    for (const kind of ['lead', 'call', 'purchase'] as const) {
      expect(googleIngests(keys[kind])).toHaveLength(1)
      expect(googleEvent(GOOGLE_ACTIONS[kind], keys[kind])).toEqual({
        transactionId: keys[kind],
        eventTimestamp: expect.any(String),
        eventSource: 'WEB',
        adIdentifiers: { gclid: 'Cj0KCQ-funnel' },
        userData,
        consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
        ...(kind === 'purchase' && { conversionValue: total / 100, currency: 'USD' }),
      })
    }
    expect(stack.google.events.size).toBe(3)
    expect(stack.google.duplicates).toEqual([])
    // The run's later pass read Google's processing status of each.
    const checked = await stack.pg.sql`select processing_status from ad_conversions where platform = 'google'`
    expect(checked.map((row) => row.processing_status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS'])

    const names = { lead: 'Lead', call: 'Schedule', purchase: 'Purchase' }
    for (const kind of ['lead', 'call', 'purchase'] as const) {
      expect(metaPosts(keys[kind])).toHaveLength(1)
      expect(metaEvents(keys[kind])).toEqual([
        {
          event_name: names[kind],
          event_time: expect.any(Number),
          event_id: keys[kind],
          action_source: 'website',
          event_source_url: 'https://site.test/vet',
          user_data: {
            em: [sha256('ada@example.com')],
            ph: [sha256('61422470721')],
            fbc: `fb.1.${attribution.clickAt as number}.IwAR-Funnel_1`,
            client_user_agent: UA,
          },
          ...(kind === 'purchase' && { custom_data: { value: total / 100, currency: 'USD' } }),
        },
      ])
    }
    expect(stack.meta.events).toHaveLength(3)
    expect(stack.meta.duplicates).toEqual([])
  })

  it("a bot's lead (Turnstile failed) is never reported, nor its call, even after staff release it; a spam lead neither", async () => {
    const bot = await stack.postLead({ clickIds: { gclid: 'bot-g', fbclid: 'bot-m' }, passed: false })
    expect(bot.verified).toBe(false)
    await stack.book(bot)
    await release((await leadRow(bot.submissionId)).id)
    const spam = await stack.postLead({ clickIds: { gclid: 'spam-g', fbclid: 'spam-m' }, honeypot: 'https://pills.example' })
    await stack.book(spam)
    await stack.work()
    expect(await stack.conversions()).toEqual([])
    for (const id of ['bot-g', 'bot-m', 'spam-g', 'spam-m']) {
      expect(stack.google.requests.some((r) => r.text.includes(id))).toBe(false)
      expect(stack.meta.requests.some((r) => r.text.includes(id))).toBe(false)
    }
  })

  it('a call booked while its (verified) lead was held as spam is reported once staff release the lead', async () => {
    const held = await stack.postLead({ clickIds: { gclid: 'held-g', fbclid: 'held-m' }, honeypot: 'https://pills.example' })
    expect(held.verified).toBe(true)
    const uid = await stack.book(held)
    // The same person books again through a plain link: an e-mail match proves nothing, never reported.
    await stack.book(null)
    await stack.work()
    expect(await stack.conversions()).toEqual([])
    await release((await leadRow(held.submissionId)).id)
    await stack.work()
    expect((await stack.conversions()).map((row) => [row.platform, row.dedup_key, row.status])).toEqual([
      ['google', `lead:${held.submissionId}`, 'sent'],
      ['meta', `lead:${held.submissionId}`, 'sent'],
      ['google', `call:${uid}`, 'sent'],
      ['meta', `call:${uid}`, 'sent'],
    ])
    expect(googleEvent(GOOGLE_ACTIONS.call, `call:${uid}`)).toMatchObject({ adIdentifiers: { gclid: 'held-g' } })
    expect(metaEvents(`call:${uid}`)).toMatchObject([{ event_name: 'Schedule', user_data: { client_user_agent: UA } }])
  })

  it('a lost answer, then the retry: each platform received the event twice and kept it once (transactionId, event_id)', async () => {
    const lead = await stack.postLead({ clickIds: { gclid: 'drop-g', fbclid: 'drop-m' } })
    const key = `lead:${lead.submissionId}`
    stack.google.failNext('ingest', 'drop')
    stack.meta.failNext('drop')
    await stack.work()
    expect((await stack.conversions()).map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ])
    await stack.work()
    expect((await stack.conversions()).map((row) => row.status)).toEqual(['sent', 'sent'])
    expect(googleIngests(key)).toHaveLength(2)
    expect([...stack.google.events.keys()].filter((stored) => stored.endsWith(key))).toEqual([`${GOOGLE_ACTIONS.lead}|${key}`])
    expect(stack.google.duplicates.filter((stored) => stored.endsWith(key))).toEqual([`${GOOGLE_ACTIONS.lead}|${key}`])
    expect(metaPosts(key)).toHaveLength(2)
    expect(metaEvents(key)).toHaveLength(1)
    expect(stack.meta.duplicates.filter((stored) => stored.endsWith(key))).toEqual([`Lead|${key}`])
  })

  it('a refused event (400, e.g. a click too old): skipped with the platform’s reason, never sent again', async () => {
    const lead = await stack.postLead({ clickIds: { gclid: 'old-g', fbclid: 'old-m' } })
    const key = `lead:${lead.submissionId}`
    stack.google.failNext('ingest', '400')
    stack.meta.failNext('400')
    await stack.work()
    await stack.work()
    const found = await stack.conversions()
    expect(found.map((row) => [row.platform, row.status, row.skip_reason, row.attempts])).toEqual([
      ['google', 'skipped', 'platform-refused', 1],
      ['meta', 'skipped', 'platform-refused', 1],
    ])
    for (const row of found) expect(String(row.last_error)).not.toBe('')
    expect(googleIngests(key)).toHaveLength(1)
    expect(metaPosts(key)).toHaveLength(1)
    expect(googleEvent(GOOGLE_ACTIONS.lead, key)).toBeUndefined()
    expect(metaEvents(key)).toEqual([])
  })
})
