import { describe, expect, it } from 'vitest'
import { UNVERIFIED_NOTE } from '../../supabase/functions/_shared/board/update-note.ts'
import { encodeFormPost } from '@/schemas/lead-form-post'
import { fakeVerifier, fakeSiteverifyForFile } from './siteverify-helpers'
import { fakeBoard, leadsHandler, only, ORIGIN, postLead, submission } from './support'

// The scripted lead post with the bot check on: a lead is never held back by it (only the honeypot
// and the limits do that), it is marked for sales, and its fill time is the server's measure.
const siteverify = fakeSiteverifyForFile()

function checkedLeads() {
  return leadsHandler({ verifier: fakeVerifier(siteverify()), now: () => new Date(), minFillMs: 3_000 })
}

const fresh = (extra: Record<string, unknown> = {}) => ({ ...submission({ submissionId: crypto.randomUUID() }), ...extra })

describe('leads with the bot check', () => {
  it('no longer trusts a reported fill time: fillMs 5000 sent at once with no token is recorded unverified', async () => {
    const { handler, store } = checkedLeads()
    const lead = fresh({ guard: { honeypot: '', fillMs: 5_000 } })
    expect((await postLead(handler, lead)).status).toBe(200)
    expect((await store.find(lead.submissionId))?.verification).toEqual({ verified: false, reason: 'missing-token' })
  })

  it('measures the fill time from the verified challenge: a token solved a moment before the post is too fast', async () => {
    const { handler, store } = checkedLeads()
    const quick = fresh({ guard: { honeypot: '', fillMs: 60_000 }, turnstileToken: siteverify().issue({ action: 'lead', ageMs: 500 }) })
    await postLead(handler, quick)
    expect((await store.find(quick.submissionId))?.verification).toEqual({ verified: false, reason: 'too-fast' })
    const person = fresh({ turnstileToken: siteverify().issue({ action: 'lead', ageMs: 20_000 }) })
    await postLead(handler, person)
    expect((await store.find(person.submissionId))?.verification).toEqual({ verified: true })
  })

  it('delivers a lead without a token to the board, its note marked unverified for sales', async () => {
    const board = fakeBoard()
    const { handler, store } = checkedLeads()
    const lead = fresh()
    const res = await postLead(handler, lead)
    expect(res.status).toBe(200)
    expect((await store.find(lead.submissionId))?.status).toBe('delivered')
    expect(String(only(board, 'create_update')[0]?.variables.body)).toContain(UNVERIFIED_NOTE)
  })

  it('leaves a verified lead unmarked, and a reused token marks the second lead', async () => {
    const board = fakeBoard()
    const { handler, store } = checkedLeads()
    const token = siteverify().issue({ action: 'lead' })
    const first = fresh({ turnstileToken: token })
    const second = fresh({ turnstileToken: token })
    await postLead(handler, first)
    await postLead(handler, second)
    expect((await store.find(first.submissionId))?.verification).toEqual({ verified: true })
    expect((await store.find(second.submissionId))?.verification).toEqual({ verified: false, reason: 'spent-token' })
    const notes = only(board, 'create_update').map((call) => String(call.variables.body))
    expect(notes.filter((body) => body.includes(UNVERIFIED_NOTE))).toHaveLength(1)
  })

  it("answers the page with the lead's own verdict, so it promises only what happens; a retry answers for the first recording", async () => {
    const { handler } = checkedLeads()
    const tokenless = fresh()
    expect(await (await postLead(handler, tokenless)).json()).toMatchObject({ verified: false })
    const person = fresh({ turnstileToken: siteverify().issue({ action: 'lead', ageMs: 20_000 }) })
    expect(await (await postLead(handler, person)).json()).toMatchObject({ verified: true })
    // The retry's token is spent by then; the lead as recorded passed.
    expect(await (await postLead(handler, person)).json()).toMatchObject({ verified: true })
  })

  it('refuses a token solved for another form', async () => {
    const { handler, store } = checkedLeads()
    const lead = fresh({ turnstileToken: siteverify().issue({ action: 'registration' }) })
    await postLead(handler, lead)
    expect((await store.find(lead.submissionId))?.verification).toEqual({ verified: false, reason: 'wrong-action' })
  })

  it('records the lead unverified when siteverify is down: it never costs a lead', async () => {
    fakeBoard()
    const { handler, store } = checkedLeads()
    siteverify().mode = 'down'
    const lead = fresh({ turnstileToken: siteverify().issue({ action: 'lead' }) })
    expect((await postLead(handler, lead)).status).toBe(200)
    expect(await store.find(lead.submissionId)).toMatchObject({
      status: 'delivered',
      verification: { verified: false, reason: 'siteverify-down' },
    })
  })

  it('still holds a filled honeypot back as spam, token or not', async () => {
    const { handler, store } = checkedLeads()
    const lead = fresh({ guard: { honeypot: 'https://pills.example' }, turnstileToken: siteverify().issue({ action: 'lead' }) })
    await postLead(handler, lead)
    expect((await store.find(lead.submissionId))?.status).toBe('spam')
  })

  it("verifies a no-script post's cf-turnstile-response when the widget put one there, and marks one without", async () => {
    const { handler, store } = checkedLeads()
    const { lead, source } = submission()
    const tracking = { platform: 'google', keyword: 'review management' }
    const post = (extra: [string, string][]) =>
      handler(
        new Request('https://project.test/functions/v1/leads', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
          body: new URLSearchParams([...encodeFormPost({ lead, source, tracking }), ...extra]).toString(),
        }),
      )
    expect((await post([['cf-turnstile-response', siteverify().issue({ action: 'lead' })]])).status).toBe(303)
    expect((await post([])).status).toBe(303)
    const marks = [...store.rows.values()].map((row) => row.verification)
    expect(marks).toEqual([{ verified: true }, { verified: false, reason: 'missing-token' }])
  })
})
