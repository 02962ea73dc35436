import { delay, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { leadSource, QRB_PARTNERSHIP_NOTE } from '@/content/lead-sources'
import { fakeBoard, ITEM_ID, leadsHandler, only, postLead, submission, TOKEN } from './support'

const qrbLead = submission({
  lead: {
    locations: '11-50',
    name: '<script>alert(1)</script> Smith & Co',
    phone: '0422470721',
    email: 'owner@example.com',
    business: '12 "Main" St, Sydney',
    note: 'Call after 5pm',
  },
  tracking: { platform: 'facebook', keyword: 'vet reviews' },
  source: leadSource('/qrb'),
})

describe('leads function: happy path', () => {
  it('creates the item with the board variables, then the escaped update note', async () => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler()

    const res = await postLead(handler, qrbLead)

    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: qrbLead.submissionId, status: 'queued', verified: true })
    expect(store.rows.get(qrbLead.submissionId)).toMatchObject({ status: 'delivered', boardItemId: ITEM_ID })
    expect(calls.map((call) => call.operation)).toEqual(['create_item', 'create_update'])
    for (const { headers } of calls) {
      expect(headers.get('authorization')).toBe(TOKEN)
      expect(headers.get('content-type')).toBe('application/json')
      expect(headers.get('api-version')).toBe('2025-04')
    }

    const [item, update] = calls
    const { columnValues, ...variables } = item!.variables
    expect(variables).toEqual({ boardId: '123', groupId: 'topics', itemName: 'Lead: <script>alert(1)</script> Smith & Co' })
    expect(JSON.parse(columnValues as string)).toEqual({
      submission_id: qrbLead.submissionId,
      name: '<script>alert(1)</script> Smith & Co',
      phone: { phone: '+61422470721', countryShortName: 'AU' },
      email: { email: 'owner@example.com', text: 'owner@example.com' },
      address: '12 "Main" St, Sydney',
      locations: '11-50',
      platform: 'facebook',
      keyword: 'vet reviews',
    })

    expect(update!.variables.itemId).toBe(ITEM_ID)
    const body = update!.variables.body as string
    expect(body).not.toContain('<script>')
    for (const expected of [
      '&lt;script&gt;alert(1)&lt;/script&gt; Smith &amp; Co',
      '<strong>Phone:</strong> <a href="tel:+61422470721">0422 470 721</a>',
      'owner@example.com',
      '12 &quot;Main&quot; St, Sydney',
      '11-50',
      'Call after 5pm',
      'facebook',
      'vet reviews',
      '/qrb',
      'Accountants Page (QRB)',
      QRB_PARTNERSHIP_NOTE,
      'Thu 1 May 2025, 8:00 pm AEST',
    ]) {
      expect(body).toContain(expected)
    }
  })

  it('uses the configured group', async () => {
    const calls = fakeBoard()
    const { handler } = leadsHandler({ groupId: 'new_group' })
    await postLead(handler, submission())
    expect(calls[0]!.variables.groupId).toBe('new_group')
  })
})

describe('leads function: the visitor never waits for the board', () => {
  it('answers once the lead is recorded; the board is called only after the answer', async () => {
    const calls = fakeBoard({ create_item: [async () => (await delay(1_000), HttpResponse.json({}))] })
    const { answerOnly, settled, store } = leadsHandler()
    const lead = submission()

    const res = await postLead(answerOnly, lead)

    expect(await res.json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    expect(store.rows.get(lead.submissionId)).toMatchObject({ status: 'pending' })
    expect(calls).toHaveLength(0)
    await settled()
    expect(only(calls, 'create_item')).toHaveLength(1)
  })

  it('a database lost right after the answer is logged; the recorded lead waits for redelivery', async () => {
    const calls = fakeBoard()
    const { answerOnly, settled, logger, store } = leadsHandler()
    const lead = submission()
    expect(await (await postLead(answerOnly, lead)).json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    store.state.down = true
    await settled()
    store.state.down = false
    expect(calls).toHaveLength(0)
    expect(store.rows.get(lead.submissionId)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'error', message: 'lead recorded; delivery interrupted' }))
  })
})

describe('leads function: board failures', () => {
  const boardError = () =>
    HttpResponse.json({ errors: [{ message: 'Column value invalid', extensions: { code: 'ColumnValueException' } }] })

  it.each([
    ['HTTP 200 with errors[]', boardError, 'graphql', 'Column value invalid'],
    ['HTTP 500', () => HttpResponse.json({ error_message: 'Internal server error' }, { status: 500 }), 'http', 'Internal server error'],
    ['a network error', () => HttpResponse.error(), 'network', undefined],
    [
      'a non-JSON answer',
      () => new HttpResponse('<html>Bad gateway</html>', { headers: { 'content-type': 'text/html' } }),
      'invalid-response',
      'Bad gateway',
    ],
    ['HTTP 200 without an id', () => HttpResponse.json({ data: { create_item: null } }), 'invalid-response', undefined],
    [
      'HTTP 401 (a revoked token)',
      () => HttpResponse.json({ errors: [{ message: 'Not Authenticated' }] }, { status: 401 }),
      'auth',
      'Not Authenticated',
    ],
    [
      'a board it cannot reach',
      () =>
        HttpResponse.json({
          errors: [{ message: 'Board not found', extensions: { code: 'ResourceNotFoundException', status_code: 404 } }],
        }),
      'access',
      'Board not found',
    ],
  ])('%s -> recorded and queued (200), logged with the board message and never the token', async (_case, reply, reason, message) => {
    const calls = fakeBoard({ create_item: [reply] })
    const { handler, logger, store } = leadsHandler()
    const lead = submission()

    const res = await postLead(handler, lead)

    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    expect(store.rows.get(lead.submissionId)).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null })
    expect(only(calls, 'create_item')).toHaveLength(1)
    expect(only(calls, 'create_update')).toHaveLength(0)
    const failure = logger.records.find((record) => record.message === 'board did not accept the lead')
    expect(failure).toMatchObject({ level: 'warn', fields: { reason } })
    if (message) expect(String(failure?.fields?.message)).toContain(message)
    expect(JSON.stringify(logger.records)).not.toContain(TOKEN)
  })

  it('times out a board that does not answer', async () => {
    fakeBoard({ create_item: [async () => (await delay(1_000), HttpResponse.json({}))] })
    const { handler, logger } = leadsHandler({ timeoutMs: 50 })
    const res = await postLead(handler, submission())
    expect(await res.json()).toMatchObject({ status: 'queued' })
    expect(logger.records).toContainEqual(expect.objectContaining({ fields: expect.objectContaining({ reason: 'timeout' }) }))
  })

  it('retries once after a 429 with a short Retry-After', async () => {
    const calls = fakeBoard({
      create_item: [() => HttpResponse.json({ errors: [{ message: 'Rate limit' }] }, { status: 429, headers: { 'retry-after': '1' } })],
    })
    const { handler, sleeps, store } = leadsHandler()
    const lead = submission()
    const res = await postLead(handler, lead)
    expect(await res.json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    expect(store.rows.get(lead.submissionId)).toMatchObject({ status: 'delivered', boardItemId: ITEM_ID })
    expect(sleeps).toEqual([1000])
    expect(only(calls, 'create_item')).toHaveLength(2)
  })

  it('retries only once', async () => {
    const busy = () => new HttpResponse('busy', { status: 503, headers: { 'retry-after': '2' } })
    const calls = fakeBoard({ create_item: [busy, busy, busy] })
    const { handler, sleeps } = leadsHandler()
    expect(await (await postLead(handler, submission())).json()).toMatchObject({ status: 'queued' })
    expect(sleeps).toEqual([2000])
    expect(only(calls, 'create_item')).toHaveLength(2)
  })

  it('gives up at once on a long Retry-After, or on a 5xx without one', async () => {
    const calls = fakeBoard({
      create_item: [
        () => HttpResponse.json({ errors: [{ message: 'Rate limit' }] }, { status: 429, headers: { 'retry-after': '30' } }),
        () => HttpResponse.json({}, { status: 502 }),
      ],
    })
    const { handler, sleeps, logger } = leadsHandler()
    const second = submission({ submissionId: '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d' })
    expect(await (await postLead(handler, submission())).json()).toMatchObject({ status: 'queued' })
    expect(await (await postLead(handler, second)).json()).toMatchObject({ status: 'queued' })
    expect(sleeps).toEqual([])
    expect(only(calls, 'create_item')).toHaveLength(2)
    expect(logger.records).toContainEqual(
      expect.objectContaining({ fields: expect.objectContaining({ reason: 'rate-limited', status: 429 }) }),
    )
  })

  it.each([
    ['HTTP 500', () => new HttpResponse('oops', { status: 500 })],
    ['HTTP 200 with errors[]', () => HttpResponse.json({ errors: [{ message: 'Body too long' }] })],
  ])('an update note failing with %s still answers 200; the item is recorded and the lead waits for its note', async (_case, reply) => {
    fakeBoard({ create_update: [reply] })
    const { handler, logger, store } = leadsHandler()
    const lead = submission()
    const res = await postLead(handler, lead)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    expect(store.rows.get(lead.submissionId)).toMatchObject({ status: 'pending', boardItemId: ITEM_ID, attempts: 1, claimedUntil: null })
    expect(logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'update note was not added to the lead',
        fields: expect.objectContaining({ itemId: ITEM_ID }),
      }),
    )
  })
})

describe('leads function: idempotency', () => {
  it('answers a retried submission with the same id and creates one item', async () => {
    const calls = fakeBoard()
    const { handler } = leadsHandler({ sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) })
    const lead = submission()
    const answers = await Promise.all([postLead(handler, lead), postLead(handler, lead)])
    for (const res of answers) expect(await res.json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    // Once the lead is on the board, a repeat is answered with its item.
    expect(await (await postLead(handler, lead)).json()).toEqual({ id: ITEM_ID, status: 'delivered', verified: true })
    expect(only(calls, 'create_item')).toHaveLength(1)
    expect(only(calls, 'create_update')).toHaveLength(1)
  })

  it('leaves a failed delivery to redelivery: a repeat answers queued without calling the board', async () => {
    const calls = fakeBoard({ create_item: [() => HttpResponse.error()] })
    const { handler } = leadsHandler()
    expect(await (await postLead(handler, submission())).json()).toMatchObject({ status: 'queued' })
    expect(await (await postLead(handler, submission())).json()).toMatchObject({ status: 'queued' })
    expect(only(calls, 'create_item')).toHaveLength(1)
  })

  it('creates separate items for separate submissions', async () => {
    const calls = fakeBoard()
    const { handler } = leadsHandler()
    await postLead(handler, submission())
    await postLead(handler, submission({ submissionId: '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d' }))
    expect(only(calls, 'create_item')).toHaveLength(2)
  })

  it('answers 503 with Retry-After and calls nobody when the lead cannot be recorded', async () => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler()
    store.state.down = true
    const res = await postLead(handler, submission())
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(calls).toHaveLength(0)
  })
})
