import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registrationInsert, validRegistration } from '../support/enterprise-row'
import { runFollowup } from '../support/enterprise-followup'
import { UNVERIFIED_REGISTRATION } from '../../supabase/functions/_shared/enterprise/messages.ts'
import { followupEnv, loopbackPassesThrough } from './support'

// A registration whose bot check did not pass (decision 021): sales gets the board item and the alert,
// both saying so, and no e-mail goes to the address it names (the same guard skips the invoice).
let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let followup: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  followup = await startFunction('enterprise-followup', followupEnv(pg.url, board.url, channels, 2))
}, 120_000)

afterAll(async () => {
  await followup?.stop()
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

describe('an unverified registration in enterprise-followup', () => {
  it('is shown to sales as unverified and sends nothing to the registrant', async () => {
    loopbackPassesThrough()
    const [row] = await pg.sql<{ id: string }[]>`
      insert into enterprise_registrations ${pg.sql({ ...registrationInsert(), verified: false } as never)} returning id`
    expect((await runFollowup(followup.url)).body).toMatchObject({ claimed: 1, done: 1 })
    expect(board.itemsFor(row!.id)).toBe(1)
    const note = board.requests.find((r) => r.operation === 'create_update')
    expect(String(note?.variables.body)).toContain(UNVERIFIED_REGISTRATION)
    const alerts = channels.webhook.filter((message) => message.text.includes('New enterprise registration'))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.text).toContain(UNVERIFIED_REGISTRATION)
    expect(channels.emails.filter((email) => email.to.includes(validRegistration.email))).toEqual([])
  }, 60_000)
})
