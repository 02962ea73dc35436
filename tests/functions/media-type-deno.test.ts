import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registrationInsert } from '../support/enterprise-row'
import { loopbackPassesThrough, ORIGIN, pipelineEnv, submission } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 42 point 6: a JSON body sent as `application/xml` (or text/plain, which a page on any site can
// post without a preflight) was read as JSON. Every public function under Deno on a real PostgreSQL.
const PUBLIC = ['leads', 'enterprise-register', 'enterprise-confirm', 'review-check', 'ai-reply'] as const
const NOT_JSON = [
  'application/xml',
  'text/plain;charset=UTF-8',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  'none',
]

let pg: PgCluster
let board: FakeBoard
const functions = new Map<string, DenoFunction>()

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board] = await Promise.all([startPgCluster(), startFakeBoard()])
  const env = { ...pipelineEnv(pg.url, board.url), CONFIRM_LINK_SECRET: 'confirm-secret', GOOGLE_MAPS_API_KEY: 'key', AI_API_KEY: 'key' }
  // The AI SDK's OIDC helper reads the host name (tests/support/deno-function.mjs).
  for (const name of PUBLIC)
    functions.set(name, await startFunction(name, env, { flags: name === 'ai-reply' ? ['--allow-sys=hostname'] : [] }))
}, 180_000)

afterAll(async () => {
  await Promise.all([...functions.values()].map((fn) => fn.stop()))
  await board?.close()
  await pg?.stop()
})

beforeEach(loopbackPassesThrough)

const bodies: Record<(typeof PUBLIC)[number], () => unknown> = {
  leads: () => submission({ submissionId: crypto.randomUUID(), guard: { honeypot: '', fillMs: 12_000 } }),
  'enterprise-register': () => registrationInsert(),
  'enterprise-confirm': () => ({ token: `${crypto.randomUUID()}.1764237600.${'A'.repeat(43)}` }),
  'review-check': () => ({ place: 'ChIJN1t_tDeuEmsRUsoyG83frY4', radius: 5 }),
  'ai-reply': () => ({ review: 'Great service', rating: 5 }),
}

async function post(name: (typeof PUBLIC)[number], type: string, body = JSON.stringify(bodies[name]())) {
  const res = await fetchWithin(functions.get(name)!.url, {
    method: 'POST',
    headers: { origin: ORIGIN, ...(type === 'none' ? {} : { 'content-type': type }) },
    body: type === 'none' ? new Blob([body]) : body,
    redirect: 'manual',
    within: 10_000,
  })
  const text = await res.text()
  return { status: res.status, type: res.headers.get('content-type'), acceptPost: res.headers.get('accept-post'), text }
}

describe('public functions take JSON only as application/json (deno, PostgreSQL)', () => {
  it.each(PUBLIC)('%s answers a JSON body of any other type with 415 and a JSON error, before reading it', async (name) => {
    for (const type of NOT_JSON) {
      const answer = await post(name, type)
      expect({ type, status: answer.status }).toEqual({ type, status: 415 })
      expect(answer.type).toMatch(/^application\/json/)
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'unsupported-media-type' })
      expect(answer.acceptPost).toContain('application/json')
    }
  })

  it('leads records nothing for an application/xml lead, and still takes application/json (with its charset) and the form post', async () => {
    expect((await post('leads', 'application/xml')).status).toBe(415)
    expect((await pg.sql`select count(*)::int as n from leads`)[0]).toEqual({ n: 0 })
    expect((await post('leads', 'application/json; charset=UTF-8')).status).toBe(200)
    const form = await post('leads', 'application/x-www-form-urlencoded', 'name=Ada')
    expect(form.status).toBe(303)
    expect((await pg.sql`select count(*)::int as n from leads`)[0]).toEqual({ n: 1 })
  })

  it('enterprise-register records nothing for an application/xml registration', async () => {
    expect((await post('enterprise-register', 'application/xml')).status).toBe(415)
    expect((await pg.sql`select count(*)::int as n from enterprise_registrations`)[0]).toEqual({ n: 0 })
    expect((await post('enterprise-register', 'application/json')).status).toBe(201)
  })
})
