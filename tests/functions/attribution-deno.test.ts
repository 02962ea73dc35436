import { describe, expect, it } from 'vitest'
import { calBody, calStack } from './cal-stack'
import { ORIGIN } from './support'

// Issue 44 points 1, 2 and 6: the real `leads` and `cal-webhook` under Deno on PostgreSQL with every
// migration, against the fake board. The attribution is stored as the shared schema cleans it, junk
// is refused, a proven booking inherits its lead's, and the board item says where the lead came from.
const stack = calStack()
const { person, postLead, signedLead, run, work, deliver, deliveredItem, updatesOn } = stack

const CLICK_AT = Date.now() - 60_000
const consent = {
  asked: true,
  source: 'banner',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'denied',
  analytics_storage: 'granted',
}
const attribution = {
  platform: 'google',
  keyword: 'vet reviews',
  clickIds: { gclid: 'Cj0KCQiA_test-123' },
  clickAt: CLICK_AT,
  landingUrl: 'https://site.test/vet',
  consent,
}
const withAttribution = (name: string, email: string, value: unknown) => ({
  ...person(name, email),
  tracking: { platform: 'google', keyword: 'vet reviews' },
  attribution: value as never,
})
/** The lead's update note, once the board has it (the item comes first, its note right after). */
async function noteOf(submissionId: string): Promise<string> {
  const itemId = await deliveredItem(submissionId)
  for (let tries = 0; tries < 100; tries++) {
    const note = updatesOn(itemId).join('')
    if (note.includes('<strong>Tracking</strong>')) return note
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no note on the item of ${submissionId}`)
}
/** As stored: what was sent, and the request's User-Agent (Node's fetch sends its own) kept with the click. */
const kept = { ...attribution, userAgent: expect.any(String) }
const storedOf = async (submissionId: string) =>
  (await stack.pg.sql<{ attribution: unknown }[]>`select attribution from leads where submission_id = ${submissionId}`)[0]

describe('the attribution a lead carries (deno, PostgreSQL, fake board)', () => {
  it('is stored as sent, without unknown keys, and the board item names the platform, keyword and click id', async () => {
    const lead = withAttribution('Ada Click', 'ada.click@example.com', {
      ...attribution,
      extra: '<script>',
      clickIds: { ...attribution.clickIds, dclid: 'x' },
      consent: { ...consent, note: 'y' },
    })
    await postLead(lead)
    expect((await storedOf(lead.submissionId))?.attribution).toEqual(kept)
    const note = await noteOf(lead.submissionId)
    expect(note).toContain('<strong>Platform:</strong> google')
    expect(note).toContain('<strong>Keyword:</strong> vet reviews')
    expect(note).toContain('<strong>Ad click id:</strong> Google Ads (gclid)')
    expect(note).toContain('<strong>Ad consent:</strong> granted (the visitor&#39;s choice in the banner)')
    expect(note).not.toContain(attribution.clickIds.gclid)
  }, 30_000)

  it('keeps no click id where ad_user_data was denied, whatever the page sent', async () => {
    const lead = withAttribution('Dee Nied', 'dee@example.com', {
      ...attribution,
      consent: { ...consent, source: 'region-default', ad_user_data: 'denied' },
    })
    await postLead(lead)
    expect((await storedOf(lead.submissionId))?.attribution).toMatchObject({ platform: 'google', clickIds: {}, clickAt: null })
    expect(await noteOf(lead.submissionId)).toContain('<strong>Ad click id:</strong> none kept (no ad consent)')
  }, 30_000)

  it.each([
    ['a click id with markup', { ...attribution, clickIds: { gclid: '"><img src=x onerror=alert(1)>' } }],
    ['a click id of 301 characters', { ...attribution, clickIds: { fbclid: 'a'.repeat(301) } }],
    ['a landing URL with the visitor’s e-mail', { ...attribution, landingUrl: 'https://site.test/vet?email=ada@example.com' }],
    ['no consent state', { ...attribution, consent: undefined }],
    ['a string', 'gclid=abc'],
  ])('refuses a lead whose attribution is %s (400, nothing stored)', async (_name, junk) => {
    const lead = withAttribution('Junk Jay', 'jay@example.com', junk)
    const res = await fetch(stack.fns.leads!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': '10.9.9.9' },
      body: JSON.stringify(lead),
    })
    expect(res.status).toBe(400)
    expect(await res.text()).not.toContain('onerror')
    expect(await storedOf(lead.submissionId)).toBeUndefined()
  })

  it('comes with a native post in its hidden field (a form body, never a URL), and the way back carries none of it', async () => {
    const body = new URLSearchParams({
      locations: '2-10',
      name: 'Nat Post',
      phone: '0422470721',
      email: 'nat@example.com',
      business: '1 Analytical St',
      website: '',
      source_path: '/vet',
      source_label: 'Veterinary Page',
      platform: 'google',
      keyword: 'vet reviews',
      attribution: JSON.stringify(attribution),
    })
    const res = await fetch(stack.fns.leads!.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'cf-connecting-ip': '10.9.9.10' },
      body,
    })
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location).not.toMatch(/gclid|Cj0K|nat@example|attribution/)
    const [row] = await stack.pg.sql<{ attribution: unknown }[]>`select attribution from leads where lead ->> 'email' = 'nat@example.com'`
    expect(row?.attribution).toEqual(kept)
  }, 30_000)

  it('a booking proven by its signed reference inherits the lead’s attribution; an unproven one with the same e-mail does not', async () => {
    const lead = withAttribution('Bea Booker', 'bea@example.com', attribution)
    const link = await signedLead(lead)
    await deliveredItem(lead.submissionId)
    expect((await deliver(calBody('BOOKING_CREATED', { ...link, email: 'bea@example.com', name: 'Bea Booker' }))).status).toBe(202)
    expect((await deliver(calBody('BOOKING_CREATED', { email: 'bea@example.com', name: 'Bea Stranger' }))).status).toBe(202)
    await run()
    await work()
    const rows = await stack.pg.sql<{ attendee_name: string; attribution: unknown }[]>`
      select attendee_name, attribution from lead_bookings order by id`
    expect(rows).toEqual([
      { attendee_name: 'Bea Booker', attribution: kept },
      { attendee_name: 'Bea Stranger', attribution: null },
    ])
  }, 40_000)
})
