import { describe, expect, it } from 'vitest'
import { ADDRESS_REQUIRED } from '@/schemas/lead'
import { MAX_BODY_BYTES } from '../../supabase/functions/leads/handler.ts'
import { fakeBoard, leadsHandler, ORIGIN, postLead, submission } from './support'

type Issue = { path: string; message: string }

const base = submission()
const withLead = (lead: Record<string, unknown>) => ({ ...base, lead: { ...base.lead, ...lead } })
const withoutLead = (field: string) => ({ ...base, lead: Object.fromEntries(Object.entries(base.lead).filter(([key]) => key !== field)) })

describe('leads function: input', () => {
  it.each([
    ['submissionId missing', { ...base, submissionId: undefined }, 'submissionId'],
    ['submissionId not a uuid', { ...base, submissionId: 'abc' }, 'submissionId'],
    ['lead missing', { ...base, lead: undefined }, 'lead'],
    ['locations missing', withoutLead('locations'), 'lead.locations'],
    ['locations not offered', withLead({ locations: '3' }), 'lead.locations'],
    ['name missing', withoutLead('name'), 'lead.name'],
    ['name blank', withLead({ name: '   ' }), 'lead.name'],
    ['phone blank', withLead({ phone: '' }), 'lead.phone'],
    ['phone with letters', withLead({ phone: '04224x0721' }), 'lead.phone'],
    ['email missing', withoutLead('email'), 'lead.email'],
    ['email invalid', withLead({ email: 'ada@' }), 'lead.email'],
    ['business blank', withLead({ business: ' \t ' }), 'lead.business'],
    ['note too long', withLead({ note: 'x'.repeat(1001) }), 'lead.note'],
    ['tracking missing', { ...base, tracking: undefined }, 'tracking'],
    ['platform too long', { ...base, tracking: { platform: 'p'.repeat(101), keyword: '' } }, 'tracking.platform'],
    ['source path relative', { ...base, source: { path: 'vet', label: 'Veterinary Page' } }, 'source.path'],
    ['source label blank', { ...base, source: { path: '/vet', label: ' ' } }, 'source.label'],
  ])('%s -> 400 naming %s', async (_case, body, path) => {
    const { handler } = leadsHandler()
    const res = await postLead(handler, body)
    expect(res.status).toBe(400)
    const answer = (await res.json()) as { error: string; issues: Issue[] }
    expect(answer.error).toBeTruthy()
    expect(answer.issues.map((issue) => issue.path)).toContain(path)
  })

  it('reports the form message for a blank address', async () => {
    const { handler } = leadsHandler()
    const answer = (await (await postLead(handler, withLead({ business: '  ' }))).json()) as { issues: Issue[] }
    expect(answer.issues).toContainEqual({ path: 'lead.business', message: ADDRESS_REQUIRED })
  })

  it.each([
    ['not JSON', '{"lead": '],
    ['empty', ''],
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
  ])('a body that is %s -> 400, never 500', async (_case, raw) => {
    const { handler } = leadsHandler()
    const res = await postLead(handler, raw)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: expect.any(String), issues: expect.any(Array) })
  })

  it.each(['GET', 'PUT', 'DELETE'])('%s -> 405 with Allow', async (method) => {
    const { handler } = leadsHandler()
    const res = await handler(new Request('https://project.test/functions/v1/leads', { method, headers: { origin: ORIGIN } }))
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('a body over 16 KB -> 413', async () => {
    const { handler } = leadsHandler()
    const res = await postLead(handler, withLead({ note: 'x'.repeat(MAX_BODY_BYTES) }))
    expect(res.status).toBe(413)
  })

  it('a streamed body without Content-Length is still capped', async () => {
    const { handler } = leadsHandler()
    const chunk = new TextEncoder().encode('x'.repeat(4096))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' }
    const res = await handler(new Request('https://project.test/functions/v1/leads', init as RequestInit))
    expect(res.status).toBe(413)
  })

  it('answers 503 and calls nobody without a database', async () => {
    const calls = fakeBoard()
    const { handler, logger } = leadsHandler({ store: undefined })
    const res = await postLead(handler, base)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ error: expect.any(String) })
    expect(calls).toHaveLength(0)
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'error', fields: { missing: ['SUPABASE_DB_URL'] } }))
  })

  it('without board settings records the lead, queued for redelivery, and calls nobody', async () => {
    const calls = fakeBoard()
    const { handler, logger, store } = leadsHandler({ token: undefined })
    const res = await postLead(handler, base)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: base.submissionId, status: 'queued', verified: true })
    expect(store.rows.get(base.submissionId)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(calls).toHaveLength(0)
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'warn', fields: { missing: ['MONDAY_API_TOKEN'] } }))
  })
})

describe('leads function: CORS', () => {
  const preflight = (origin: string) =>
    new Request('https://project.test/functions/v1/leads', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, apikey' },
    })

  it('answers a preflight from an allowed origin', async () => {
    const { handler } = leadsHandler()
    const res = await handler(preflight(ORIGIN))
    expect(res.status).toBe(204)
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'access-control-allow-origin': ORIGIN,
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type, authorization, apikey, x-client-info',
      'access-control-max-age': expect.stringMatching(/^\d+$/),
      vary: 'Origin',
    })
  })

  it('refuses another origin, preflight or not, before touching the board', async () => {
    const calls = fakeBoard()
    const { handler } = leadsHandler()
    expect((await handler(preflight('https://evil.test'))).status).toBe(403)
    const res = await postLead(handler, base, { origin: 'https://evil.test' })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('echoes any origin when ALLOWED_ORIGINS is *', async () => {
    const { handler } = leadsHandler({ allowedOrigins: ['*'] })
    const res = await handler(preflight('http://127.0.0.1:4173'))
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173')
  })

  it('adds CORS headers to answers for the browser, none for server-to-server calls', async () => {
    fakeBoard()
    const { handler } = leadsHandler()
    const fromBrowser = await postLead(handler, base)
    expect(fromBrowser.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const fromServer = await postLead(handler, submission({ submissionId: '5a0e3c1b-2d4f-4a6b-8c9d-0e1f2a3b4c5d' }), {})
    expect(fromServer.status).toBe(200)
    expect(fromServer.headers.get('access-control-allow-origin')).toBeNull()
  })
})
