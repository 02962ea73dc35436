import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeBoard, type Fault, type FakeBoard } from '../support/fake-board.mjs'
import { freePort, startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN, submission, pipelineEnv } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The faults the lead outbox must survive (decision 007): the `leads` and `leads-redeliver` functions
// under Deno, a real PostgreSQL and a fake board on 127.0.0.1. Every case ends with the lead on the board exactly once
// (or, without a database, a 503 and nothing on the board). Timeouts are short and every wait bounded.
const SECRET = 'redeliver-test-secret'
const SETTLE_ROUNDS = 40

let pg: PgCluster
let board: FakeBoard
let leads: DenoFunction
let redeliver: DenoFunction

const env = (): Record<string, string> => ({
  ...pipelineEnv(pg.url, board.url),
  LEADS_BACKOFF_MAX_MS: '200',
  LEADS_RATE_LIMIT: '3/60',
  RATE_LIMIT_SALT: 'test-salt',
  CRON_SECRET: SECRET,
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const fresh = (guard = { honeypot: '', fillMs: 12_000 }) => submission({ submissionId: crypto.randomUUID(), guard })
let clients = 0
/** Each post comes from its own address unless told, so only the rate-limit test meets the limit. */
const post = (body: unknown, { url = leads.url, ip = `10.0.0.${++clients % 250}` } = {}) =>
  fetchWithin(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
    within: 10_000,
  })

type LeadRecord = { status: string; attempts: number; board_item_id: string | null; wait_ms: number }
const row = async (submissionId: string) =>
  (
    await pg.sql<LeadRecord[]>`
      select status, attempts, board_item_id, (extract(epoch from next_attempt_at - updated_at) * 1000)::int as wait_ms
      from leads where submission_id = ${submissionId}`
  )[0]

/** Runs redelivery, as the cron job does, until the lead is no longer pending (bounded). */
async function settle(submissionId: string): Promise<LeadRecord> {
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const current = await row(submissionId)
    if (current?.status !== 'pending') return current!
    const res = await fetchWithin(redeliver.url, {
      method: 'POST',
      headers: { 'x-cron-secret': SECRET },
      within: 10_000,
    })
    expect(res.status).toBe(200)
    await sleep(150)
  }
  throw new Error(`lead ${submissionId} still pending after ${SETTLE_ROUNDS} redelivery rounds`)
}

/** The one try the function makes right after its answer: done once the lead left pending or has an error. */
async function afterAnswer(submissionId: string): Promise<LeadRecord> {
  for (let i = 0; i < 100; i++) {
    const [current] = await pg.sql<(LeadRecord & { last_error: string | null })[]>`
      select status, attempts, board_item_id, last_error, (extract(epoch from next_attempt_at - updated_at) * 1000)::int as wait_ms
      from leads where submission_id = ${submissionId}`
    if (current && (current.status !== 'pending' || current.last_error !== null)) return current
    await sleep(50)
  }
  throw new Error(`no delivery attempt for ${submissionId} after the answer`)
}

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 100 && !condition(); i++) await sleep(50)
  if (!condition()) throw new Error(`timed out waiting for ${what}`)
}

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board] = await Promise.all([startPgCluster(), startFakeBoard()])
  ;[leads, redeliver] = await Promise.all([startFunction('leads', env()), startFunction('leads-redeliver', env())])
}, 90_000)

afterAll(async () => {
  await Promise.all([leads?.stop(), redeliver?.stop()])
  await board?.close()
  await pg?.stop()
})

beforeEach(loopbackPassesThrough)

describe('leads under faults (deno, PostgreSQL, fake board)', () => {
  it('a person gets through: answered at once with CORS, then the item and its note on the board', async () => {
    const lead = fresh()
    const res = await post(lead)
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(await res.json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    const delivered = await afterAnswer(lead.submissionId)
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 })
    expect(board.items.get(delivered.board_item_id!)).toEqual({
      submissionId: lead.submissionId,
      name: 'Lead: Ada Lovelace',
      groupId: 'topics',
    })
    await until(() => board.callsFor(delivered.board_item_id!, 'create_update') === 1, 'the update note')
  })

  it.each<[string, Fault[]]>([
    ['board 500', ['http-500']],
    ['429 with Retry-After (twice: the in-call retry too)', ['rate-limited', 'rate-limited']],
    ['errors[] on HTTP 200', ['graphql-error']],
    ['a complexity error with retry_in_seconds', ['complexity']],
    ['a hang past the timeout', ['hang']],
    ['the item created but the answer lost', ['created-lost']],
  ])(
    '%s: queued, then on the board exactly once',
    async (_case, faults) => {
      const lead = fresh()
      board.fail('create_item', ...faults)
      const res = await post(lead)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
      const settled = await settle(lead.submissionId)
      expect(settled.status).toBe('delivered')
      expect(board.itemsFor(lead.submissionId)).toBe(1)
      expect(board.items.get(settled.board_item_id!)?.submissionId).toBe(lead.submissionId)
    },
    20_000,
  )

  it.each<[string, Fault[]]>([
    ['Retry-After', ['rate-limited', 'rate-limited']],
    ['retry_in_seconds', ['complexity']],
  ])(
    'waits as long as %s asks, without using up an attempt',
    async (_case, faults) => {
      const lead = fresh()
      board.fail('create_item', ...faults)
      await post(lead)
      const queued = await afterAnswer(lead.submissionId)
      expect(queued).toMatchObject({ status: 'pending', attempts: 0 })
      // next_attempt_at is set from the function's clock when the answer came, updated_at a moment later.
      expect(queued!.wait_ms).toBeGreaterThanOrEqual(800)
      await settle(lead.submissionId)
    },
    20_000,
  )

  it('an unreachable board: queued, then delivered once it is back', async () => {
    const lead = fresh()
    await board.down()
    try {
      expect(await (await post(lead)).json()).toMatchObject({ status: 'queued' })
    } finally {
      await board.up()
    }
    expect((await settle(lead.submissionId)).status).toBe('delivered')
    expect(board.itemsFor(lead.submissionId)).toBe(1)
  }, 20_000)

  it('the function killed between recording and delivering: redelivery finds the item instead of creating another', async () => {
    const lead = fresh()
    board.fail('create_item', 'created-hang')
    expect(await (await post(lead)).json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    await until(() => board.callsFor(lead.submissionId) === 1, 'the create_item call')
    await leads.kill()
    expect(await row(lead.submissionId)).toMatchObject({ status: 'pending', attempts: 1 })

    leads = await startFunction('leads', env())
    expect((await settle(lead.submissionId)).status).toBe('delivered')
    expect(board.itemsFor(lead.submissionId)).toBe(1)
    expect(board.callsFor(lead.submissionId, 'create_item')).toBe(1)
    expect(board.callsFor(lead.submissionId, 'find_item')).toBe(1)
  }, 60_000)

  /** The lead's notes on its item, and the note id its row recorded. */
  const notesOf = async (submissionId: string) => {
    const [lead] = await pg.sql<{ board_item_id: string; board_note_id: string | null }[]>`
      select board_item_id, board_note_id from leads where submission_id = ${submissionId}`
    return { notes: board.notes.filter((note) => note.itemId === lead!.board_item_id), recorded: lead!.board_note_id }
  }

  it('a note made whose answer was lost is found by its reference line on the retry: one note, recorded, then delivered', async () => {
    const lead = fresh()
    board.fail('create_update', 'created-lost')
    await post(lead)
    const queued = await afterAnswer(lead.submissionId)
    // The item is recorded; the lead waits for its note.
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 })
    expect(queued.board_item_id).not.toBeNull()
    expect((await settle(lead.submissionId)).status).toBe('delivered')
    const { notes, recorded } = await notesOf(lead.submissionId)
    expect(notes).toHaveLength(1)
    expect(notes[0]!.body.endsWith(`<p>Ref: lead-${lead.submissionId}/note</p>`)).toBe(true)
    expect(recorded).toBe(notes[0]!.id)
    expect(board.itemsFor(lead.submissionId)).toBe(1)
  }, 20_000)

  it('a note the board refused is made later, once, and only then is the lead delivered', async () => {
    const lead = fresh()
    board.fail('create_update', 'http-500', 'http-500')
    await post(lead)
    expect(await afterAnswer(lead.submissionId)).toMatchObject({ status: 'pending', attempts: 1 })
    expect((await settle(lead.submissionId)).status).toBe('delivered')
    const { notes, recorded } = await notesOf(lead.submissionId)
    expect(notes).toHaveLength(1)
    expect(recorded).toBe(notes[0]!.id)
    expect(board.callsFor(lead.submissionId, 'create_item')).toBe(1)
  }, 20_000)

  it('the function killed after the item, before the note: redelivery makes the note on the recorded item', async () => {
    const lead = fresh()
    board.fail('create_update', 'hang')
    await post(lead)
    await until(
      () => board.requests.some((r) => r.operation === 'create_update' && String(r.variables.body).includes(lead.submissionId)),
      'the note call',
    )
    await leads.kill()
    const killed = await row(lead.submissionId)
    expect(killed).toMatchObject({ status: 'pending', attempts: 1 })
    expect(killed!.board_item_id).not.toBeNull()

    leads = await startFunction('leads', env())
    expect((await settle(lead.submissionId)).status).toBe('delivered')
    const { notes, recorded } = await notesOf(lead.submissionId)
    expect(notes).toHaveLength(1)
    expect(recorded).toBe(notes[0]!.id)
    expect(board.itemsFor(lead.submissionId)).toBe(1)
  }, 60_000)

  it('the database down: 503 with Retry-After, and nothing on the board', async () => {
    const closed = await freePort()
    const noDb = await startFunction('leads', { ...env(), SUPABASE_DB_URL: `postgres://postgres@127.0.0.1:${closed}/postgres` })
    try {
      const lead = fresh()
      const res = await post(lead, { url: noDb.url })
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('5')
      expect(board.callsFor(lead.submissionId)).toBe(0)
    } finally {
      await noDb.stop()
    }
  }, 60_000)

  it('five concurrent posts of one submissionId: one item; each answer names the lead or its item', async () => {
    const lead = fresh()
    const answers = await Promise.all(Array.from({ length: 5 }, async () => (await post(lead)).json()))
    const delivered = await afterAnswer(lead.submissionId)
    expect(delivered.status).toBe('delivered')
    for (const answer of answers)
      expect([
        { id: lead.submissionId, status: 'queued', verified: true },
        { id: delivered.board_item_id, status: 'delivered', verified: true },
      ]).toContainEqual(answer)
    expect(board.itemsFor(lead.submissionId)).toBe(1)
  })

  // Only the honeypot flags a lead now: the reported fill time is ignored (leads-turnstile.test.ts).
  it("a filled honeypot: an ordinary answer, stored as spam, never delivered: placed once in 'Needs a look' for a person", async () => {
    const lead = fresh({ honeypot: 'https://cheap-pills.example', fillMs: 12_000 })
    const res = await post(lead)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    await fetch(redeliver.url, { method: 'POST', headers: { 'x-cron-secret': SECRET } })
    expect(await row(lead.submissionId)).toMatchObject({ status: 'spam' })
    expect(board.itemsFor(lead.submissionId)).toBe(1)
    expect(board.callsFor(lead.submissionId, 'create_item')).toBe(1)
    await fetch(redeliver.url, { method: 'POST', headers: { 'x-cron-secret': SECRET } })
    expect(board.itemsFor(lead.submissionId)).toBe(1)
  })

  it('rate limits one client address with 429 and a readable Retry-After; a repeat of an accepted lead is not counted', async () => {
    const ip = '203.0.113.7'
    const first = fresh()
    for (let i = 0; i < 3; i++) expect((await post(i === 0 ? first : fresh(), { ip })).status).toBe(200)
    expect((await post(first, { ip })).status).toBe(200)
    const limited = await post(fresh(), { ip })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('access-control-expose-headers')).toContain('retry-after')
  })

  it('refuses redelivery without the secret', async () => {
    expect((await fetch(redeliver.url, { method: 'POST', headers: { 'x-cron-secret': 'guess' } })).status).toBe(401)
  })
})
