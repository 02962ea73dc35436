import { http, HttpResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { server } from '@mocks/node'
import { REGISTRATIONS_TABLE } from '@mocks/endpoints'
import { withScenario } from '../support/mock-scenario'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'
import { MOCK_SUPABASE_URL } from '@/config'
import { createRegistrationsService } from '@/services/registrations'
import { registrationInsert } from '../support/enterprise-row'
import { failure } from './expect-failure'

// supabase-js refuses to start on Node 20, which has no WebSocket; browsers have one, and the
// insert never opens a socket.
beforeAll(() => {
  vi.stubGlobal('WebSocket', class WebSocket {})
})
afterAll(() => {
  vi.unstubAllGlobals()
})

function service() {
  const loadClient = vi.fn(() => import('@supabase/supabase-js'))
  return { loadClient, registrations: createRegistrationsService({ supabaseUrl: MOCK_SUPABASE_URL, anonKey: 'anon-key', loadClient }) }
}

describe('registrations service (supabase-js against the PostgREST mock)', () => {
  it('loads supabase-js only when it first inserts, and once', async () => {
    const { loadClient, registrations } = service()
    expect(loadClient).not.toHaveBeenCalled()
    await registrations.insert(registrationInsert())
    await registrations.insert(registrationInsert())
    expect(loadClient).toHaveBeenCalledOnce()
  })

  it('inserts the row as it is, with the anon key, without asking for it back', async () => {
    clearRecordedRequests()
    const seen: { prefer: string | null; apikey: string | null; select: string | null }[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/rest/v1/')) {
        seen.push({
          prefer: request.headers.get('prefer'),
          apikey: request.headers.get('apikey'),
          select: new URL(request.url).searchParams.get('select'),
        })
      }
    })
    const row = registrationInsert()
    await service().registrations.insert(row)
    server.events.removeAllListeners()
    expect(recordedRequests('registrations').map((r) => r.body)).toEqual([row])
    expect(seen).toHaveLength(1)
    expect(seen[0]?.apikey).toBe('anon-key')
    expect(seen[0]?.select).toBeNull()
    expect(seen[0]?.prefer ?? '').not.toMatch(/return=representation/)
  })

  it.each([
    [409, 'conflict', { code: '23505', message: 'duplicate key value', details: null, hint: null }],
    [409, 'conflict', { code: 'PGRST116', message: 'conflict', details: null, hint: null }],
    [400, 'conflict', { code: '23505', message: 'duplicate key value', details: null, hint: null }],
    [400, 'invalid', { code: '23514', message: 'violates check constraint', details: null, hint: null }],
    [503, 'unavailable', { code: 'PGRST001', message: 'Database client error', details: null, hint: null }],
  ] as const)('turns a %i answer into a %s Failure', async (status, kind, body) => {
    server.use(http.post(REGISTRATIONS_TABLE, () => HttpResponse.json(body, { status }), { once: true }))
    const error = await failure(service().registrations.insert(registrationInsert()))
    expect(error).toMatchObject({ service: 'registrations', kind, status })
    expect(error.message).toContain(body.code)
  })

  it('counts a retry whose submission_id is already in as saved: one registration, however many tries', async () => {
    clearRecordedRequests()
    const { registrations } = service()
    const row = registrationInsert()
    await registrations.insert(row)
    await expect(registrations.insert(row)).resolves.toBeUndefined()
    expect(recordedRequests('registrations').map((r) => r.body)).toEqual([row, row])
  })

  it("keeps a conflict on another key a 'conflict'", async () => {
    server.use(
      http.post(
        REGISTRATIONS_TABLE,
        () =>
          HttpResponse.json(
            {
              code: '23505',
              message: 'duplicate key value violates unique constraint "enterprise_registrations_pkey"',
              details: 'Key (id)=(x) already exists.',
              hint: null,
            },
            { status: 409 },
          ),
        { once: true },
      ),
    )
    expect((await failure(service().registrations.insert(registrationInsert()))).kind).toBe('conflict')
  })

  it.each([
    [
      'its CHECK constraint',
      { code: '23514', message: 'new row violates check constraint "enterprise_registrations_text_characters_check"' },
    ],
    ["PostgreSQL's refusal of a NUL", { code: '22P05', message: 'unsupported Unicode escape sequence' }],
  ])("turns the database's refusal of a NUL or a broken character (%s, answered 400) into 'bad-characters'", async (_case, body) => {
    server.use(
      http.post(REGISTRATIONS_TABLE, () => HttpResponse.json({ details: null, hint: null, ...body }, { status: 400 }), { once: true }),
    )
    expect(await failure(service().registrations.insert(registrationInsert()))).toMatchObject({ kind: 'bad-characters', status: 400 })
  })

  it("turns the database's per-address limit (PT429, answered 429) into 'rate-limited'", async () => {
    await withScenario('registration-limited', async () => {
      const error = await failure(service().registrations.insert(registrationInsert()))
      expect(error).toMatchObject({ kind: 'rate-limited', status: 429 })
      expect(error.message).toContain('PT429')
    })
  })

  it('turns a network failure into a Failure', async () => {
    server.use(http.post(REGISTRATIONS_TABLE, () => HttpResponse.error(), { once: true }))
    const error = await failure(service().registrations.insert(registrationInsert()))
    expect(error.service).toBe('registrations')
  })

  it('names a failure to load supabase-js, and tries to load it again next time', async () => {
    const loadClient = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    loadClient.mockImplementation(() => import('@supabase/supabase-js'))
    const registrations = createRegistrationsService({ supabaseUrl: MOCK_SUPABASE_URL, anonKey: 'anon-key', loadClient })
    expect((await failure(registrations.insert(registrationInsert()))).kind).toBe('network')
    await registrations.insert(registrationInsert())
    expect(loadClient).toHaveBeenCalledTimes(2)
  })
})
