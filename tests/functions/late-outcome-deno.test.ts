import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registerConfirmed as register, runFollowup } from '../support/enterprise-followup'
import { validRegistration } from '../support/enterprise-row'
import { followupEnv, loopbackPassesThrough } from './support'

// Two enterprise-followup instances under Deno on one PostgreSQL. The first one's board item is
// created but its answer never comes; its 1 s lease lapses, the second instance claims the
// registration and finishes it; then the first one's call times out and its failure arrives late.

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let first: DenoFunction
let second: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  const hanging = board.slowUrl({ latencyMs: 0, pick: () => 'created-hang' })
  ;[first, second] = await Promise.all([
    startFunction('enterprise-followup', {
      ...followupEnv(pg.url, hanging, channels, 5),
      BOARD_TIMEOUT_MS: '5000',
      ENTERPRISE_LEASE_MS: '1000',
    }),
    startFunction('enterprise-followup', followupEnv(pg.url, board.url, channels, 5)),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()])
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 8_000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await sleep(50)
  }
}

describe('enterprise-followup: a late outcome under Deno', () => {
  it('the first instance, whose lease lapsed mid-call, neither retries nor resends what the second instance finished', async () => {
    loopbackPassesThrough()
    const id = await register(pg.sql)
    const firstRun = runFollowup(first.url)
    await until(() => board.itemsFor(id) === 1)
    await until(async () => {
      const [row] = await pg.sql`select claimed_until < now() as lapsed from enterprise_registrations where id = ${id}`
      return row?.lapsed === true
    })

    expect((await runFollowup(second.url)).body).toMatchObject({ claimed: 1, done: 1, lost: 0 })
    const [finished] = await pg.sql`select * from enterprise_registrations where id = ${id}`
    expect((await firstRun).body).toMatchObject({ claimed: 1, done: 0, retrying: 0, failed: 0, lost: 1 })

    const [after] = await pg.sql`select * from enterprise_registrations where id = ${id}`
    expect(after).toEqual(finished)
    expect(after).toMatchObject({ status: 'done', attempts: 2, last_error: null, claim_token: null })
    expect(board.itemsFor(id)).toBe(1)
    // The registration's note and its one 'E-mail confirmed' update.
    expect(board.notes.filter((note) => note.itemId === after!.board_item_id)).toHaveLength(2)
    expect(channels.webhook.filter((message) => message.text.includes('New enterprise registration'))).toHaveLength(1)
    expect(channels.emails.filter((email) => email.to.includes(validRegistration.email))).toHaveLength(1)
    expect(first.output()).toContain('late outcome ignored')
  }, 60_000)
})
