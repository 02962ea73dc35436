import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registrationInsert, validRegistration } from '../support/enterprise-row'
import { runFollowup } from '../support/enterprise-followup'
import { UNVERIFIED_REGISTRATION } from '../../supabase/functions/_shared/enterprise/messages.ts'
import { followupEnv, loopbackPassesThrough } from './support'

// A registration whose bot check did not pass (decision 021, issue 42): its board item waits in 'Needs a
// look' saying so first, nobody is paged for it, and no e-mail goes to the address it names.
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
  it("waits in 'Needs a look', marked unverified first, pages nobody and sends nothing to the registrant", async () => {
    loopbackPassesThrough()
    const [row] = await pg.sql<{ id: string }[]>`
      insert into enterprise_registrations ${pg.sql({ ...registrationInsert(), verified: false } as never)} returning id`
    expect((await runFollowup(followup.url)).body).toMatchObject({ claimed: 1, held: 1 })
    expect(board.itemsFor(row!.id)).toBe(1)
    const create = board.requests.find((r) => r.operation === 'create_item')
    expect(create?.variables).toMatchObject({ groupId: 'needs_a_look', itemName: 'Unverified – Enterprise: Acme & Co.' })
    const note = board.requests.find((r) => r.operation === 'create_update')
    expect(String(note?.variables.body).startsWith(`<p><strong>${UNVERIFIED_REGISTRATION}</strong></p>`)).toBe(true)
    expect(channels.webhook.filter((message) => message.text.includes('New enterprise registration'))).toEqual([])
    expect(channels.emails.filter((email) => email.subject.includes('New enterprise registration'))).toEqual([])
    expect(channels.emails.filter((email) => email.to.includes(validRegistration.email))).toEqual([])
    const [state] = await pg.sql<{ status: string }[]>`select status from enterprise_registrations where id = ${row!.id}`
    expect(state?.status).toBe('held')
  }, 60_000)
})
