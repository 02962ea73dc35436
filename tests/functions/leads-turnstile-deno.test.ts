import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { FAKE_HOSTNAME, FAKE_SECRET, startFakeSiteverify, type FakeSiteverify } from '../support/fake-siteverify.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN, pipelineEnv, submission } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The leads function under Deno with the bot check on: its settings, siteverify over HTTP and the
// mark in the leads table on a real PostgreSQL.
let pg: PgCluster
let board: FakeBoard
let siteverify: FakeSiteverify
let leads: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, siteverify] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeSiteverify()])
  leads = await startFunction('leads', {
    ...pipelineEnv(pg.url, board.url),
    TURNSTILE_SECRET_KEY: FAKE_SECRET,
    TURNSTILE_VERIFY_URL: siteverify.url,
    TURNSTILE_HOSTNAMES: FAKE_HOSTNAME,
  })
}, 120_000)

afterAll(async () => {
  await leads?.stop()
  await Promise.all([board?.close(), siteverify?.stop()])
  await pg?.stop()
})

const post = (body: unknown) =>
  fetchWithin(leads.url, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.200' },
    body: JSON.stringify(body),
    within: 10_000,
  })
const mark = async (submissionId: string) =>
  (
    await pg.sql<{ verified: boolean | null; verification_failure: string | null }[]>`
    select verified, verification_failure from leads where submission_id = ${submissionId}`
  )[0]

describe('leads under Deno with TURNSTILE_SECRET_KEY set', () => {
  it('marks a lead with a good token verified, one without unverified, and a replayed token unverified; all are recorded', async () => {
    loopbackPassesThrough()
    const token = siteverify.issue({ action: 'lead' })
    const good = submission({ submissionId: crypto.randomUUID() })
    const none = submission({ submissionId: crypto.randomUUID(), guard: { honeypot: '', fillMs: 5_000 } })
    const replay = submission({ submissionId: crypto.randomUUID() })
    expect((await post({ ...good, turnstileToken: token })).status).toBe(200)
    expect((await post(none)).status).toBe(200)
    expect((await post({ ...replay, turnstileToken: token })).status).toBe(200)
    expect(await mark(good.submissionId)).toEqual({ verified: true, verification_failure: null })
    expect(await mark(none.submissionId)).toEqual({ verified: false, verification_failure: 'missing-token' })
    expect((await mark(replay.submissionId))?.verified).toBe(false)
    const sent = siteverify.requests.filter((request) => request.fields.response === token)
    expect(sent.map((request) => request.fields.remoteip)).toEqual(['198.51.100.200', '198.51.100.200'])
  }, 60_000)
})
