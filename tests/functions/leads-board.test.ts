import { delay, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { leadSource, QRB_PARTNERSHIP_NOTE } from '@/content/lead-sources'
import { BoundedMap } from '../../supabase/functions/_shared/bounded-map.ts'
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
    const { handler } = leadsHandler()

    const res = await postLead(handler, qrbLead)

    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: ITEM_ID })
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
      name: '<script>alert(1)</script> Smith & Co',
      phone: { phone: '0422470721', countryShortName: 'US' },
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
      '0422470721',
      'owner@example.com',
      '12 &quot;Main&quot; St, Sydney',
      '11-50',
      'Call after 5pm',
      'facebook',
      'vet reviews',
      '/qrb',
      'Accountants Page (QRB)',
      QRB_PARTNERSHIP_NOTE,
      '2025-05-01T10:00:00.000Z',
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
  ])('%s -> 502, logged with the board message and never the token', async (_case, reply, reason, message) => {
    const calls = fakeBoard({ create_item: [reply] })
    const { handler, logger } = leadsHandler()

    const res = await postLead(handler, submission())

    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({ error: expect.any(String) })
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
    expect(res.status).toBe(502)
    expect(logger.records).toContainEqual(expect.objectContaining({ fields: expect.objectContaining({ reason: 'timeout' }) }))
  })

  it('retries once after a 429 with a short Retry-After', async () => {
    const calls = fakeBoard({
      create_item: [() => HttpResponse.json({ errors: [{ message: 'Rate limit' }] }, { status: 429, headers: { 'retry-after': '1' } })],
    })
    const { handler, sleeps } = leadsHandler()
    const res = await postLead(handler, submission())
    expect(res.status).toBe(200)
    expect(sleeps).toEqual([1000])
    expect(only(calls, 'create_item')).toHaveLength(2)
  })

  it('retries only once', async () => {
    const busy = () => new HttpResponse('busy', { status: 503, headers: { 'retry-after': '2' } })
    const calls = fakeBoard({ create_item: [busy, busy, busy] })
    const { handler, sleeps } = leadsHandler()
    expect((await postLead(handler, submission())).status).toBe(502)
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
    expect((await postLead(handler, submission())).status).toBe(502)
    expect((await postLead(handler, submission())).status).toBe(502)
    expect(sleeps).toEqual([])
    expect(only(calls, 'create_item')).toHaveLength(2)
    expect(logger.records).toContainEqual(
      expect.objectContaining({ fields: expect.objectContaining({ reason: 'rate-limited', status: 429 }) }),
    )
  })

  it.each([
    ['HTTP 500', () => new HttpResponse('oops', { status: 500 })],
    ['HTTP 200 with errors[]', () => HttpResponse.json({ errors: [{ message: 'Body too long' }] })],
  ])('an update note failing with %s still answers 200 with the id, and is logged', async (_case, reply) => {
    fakeBoard({ create_update: [reply] })
    const { handler, logger } = leadsHandler()
    const res = await postLead(handler, submission())
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: ITEM_ID })
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
    const { handler } = leadsHandler()
    const lead = submission()
    const answers = await Promise.all([postLead(handler, lead), postLead(handler, lead)])
    answers.push(await postLead(handler, lead))
    for (const res of answers) expect(await res.json()).toEqual({ id: ITEM_ID })
    expect(only(calls, 'create_item')).toHaveLength(1)
    expect(only(calls, 'create_update')).toHaveLength(1)
  })

  it('forgets a failed submission so that its retry reaches the board', async () => {
    const calls = fakeBoard({ create_item: [() => HttpResponse.error()] })
    const { handler } = leadsHandler()
    expect((await postLead(handler, submission())).status).toBe(502)
    expect((await postLead(handler, submission())).status).toBe(200)
    expect(only(calls, 'create_item')).toHaveLength(2)
  })

  it('creates separate items for separate submissions', async () => {
    const calls = fakeBoard()
    const { handler } = leadsHandler()
    await postLead(handler, submission())
    await postLead(handler, submission({ submissionId: '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d' }))
    expect(only(calls, 'create_item')).toHaveLength(2)
  })
})

describe('the remembered submissions', () => {
  it('forget the oldest entry past their limit', () => {
    const remembered = new BoundedMap<string, number>(2)
    remembered.set('a', 1)
    remembered.set('b', 2)
    remembered.set('a', 3)
    remembered.set('c', 4)
    expect(remembered.size).toBe(2)
    expect([remembered.get('a'), remembered.get('b'), remembered.get('c')]).toEqual([3, undefined, 4])
  })
})
