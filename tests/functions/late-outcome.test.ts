import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LeadSubmissionSchema } from '@/schemas/lead'
import { webhookChannel } from '../../supabase/functions/_shared/alerts/channels.ts'
import { boardFrom } from '../../supabase/functions/_shared/board/board.ts'
import { pgLeadStore } from '../../supabase/functions/_shared/delivery/pg-lead-store.ts'
import { pgRegistrationStore } from '../../supabase/functions/_shared/enterprise/registration.ts'
import type { Fetch } from '../../supabase/functions/_shared/http/http.ts'
import { SECRET_HEADER } from '../../supabase/functions/_shared/http/secret.ts'
import { createFollowupHandler } from '../../supabase/functions/enterprise-followup/handler.ts'
import { createRedeliverHandler } from '../../supabase/functions/leads-redeliver/handler.ts'
import { RESEND_KEY, startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { FOLLOWUP_SECRET, registerConfirmed as register } from '../support/enterprise-followup'
import { validRegistration } from '../support/enterprise-row'
import { loopbackPassesThrough, recordingLogger, submission } from './support'
import { welcomeSettings } from '../../supabase/functions/_shared/enterprise/welcome-settings.ts'
import { drainNotifications } from '../../supabase/functions/_shared/notify/drain-notifications.ts'
import { renderers } from '../../supabase/functions/_shared/notify/kinds.ts'
import { pgNotifications } from '../../supabase/functions/_shared/notify/pg-notifications.ts'

// A worker whose lease lapsed mid-call finishes after a newer claimant has done the work: its
// outcome (success or failure) changes nothing and it calls nothing more. In process, on a real
// PostgreSQL, with the fake board and alert channels over HTTP, so the held answer is exact.

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
}, 120_000)

afterAll(async () => {
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate leads, enterprise_registrations, enterprise_registration_days, notifications`
  channels.clear()
})

/** The request's body as text (create calls stream theirs), and the request to send instead. */
async function readBody(init: RequestInit): Promise<{ text: string; init: RequestInit }> {
  const text = typeof init.body === 'string' ? init.body : await new Response(init.body).text()
  return { text, init: { ...init, body: text } }
}

/** A fetch whose answer to `operation` is held after the board has acted, until `release` (which may lose it instead). */
function holdAnswer(operation: 'create_item') {
  let release!: (lose: boolean) => void
  const released = new Promise<boolean>((resolve) => (release = resolve))
  let reached!: () => void
  const held = new Promise<void>((resolve) => (reached = resolve))
  const heldFetch: Fetch = async (input, init) => {
    const request = await readBody(init)
    const answer = await fetch(input, request.init)
    if (request.text.includes(`${operation}(`)) {
      reached()
      if (await released) throw new TypeError('fetch failed: the connection was reset')
    }
    return answer
  }
  return { fetch: heldFetch, held, release }
}

const passThrough: Fetch = (input, init) => fetch(input, init)
const post = (handler: (req: Request) => Promise<Response>, secret: string) =>
  handler(new Request('https://project.test/functions/v1/worker', { method: 'POST', headers: { [SECRET_HEADER]: secret } }))
const backoff = { baseMs: 50, maxMs: 100, maxAttempts: 5, random: () => 0 }

function followup(fetchFn: Fetch, options: { now?: () => Date; budgetMs?: number } = {}) {
  const logger = recordingLogger()
  const alertChannels = [webhookChannel(channels.webhookUrl, fetchFn)]
  // The staff messages the run queued (the notifications outbox), sent at its end as index.ts does.
  const sendNotifications = () =>
    drainNotifications({
      store: pgNotifications(pg.sql),
      channels: { sales: alertChannels, ops: alertChannels },
      renderers,
      backoff,
      leaseMs: 30_000,
      now: () => new Date(),
      logger,
    })
  const handler = createFollowupHandler({
    secret: FOLLOWUP_SECRET,
    store: pgRegistrationStore(pg.sql),
    board: boardFrom({ token: 't', boardId: '123', groupId: 'topics', apiUrl: board.url, fetch: fetchFn, timeoutMs: 10_000 }, 0),
    needsALook: undefined,
    groupId: 'enterprise',
    channels: alertChannels,
    sendNotifications,
    confirmation: {
      apiUrl: channels.resendUrl,
      apiKey: RESEND_KEY,
      from: 'welcome@agency.test',
      replyTo: undefined,
      supportPhone: '1300',
      welcome: welcomeSettings(() => undefined),
    },
    confirmLink: undefined,
    invoicing: undefined,
    fetch: fetchFn,
    backoff,
    logger,
    now: options.now ?? (() => new Date()),
    timeoutMs: 10_000,
    leaseMs: 30_000,
    batchSize: 10,
    budgetMs: options.budgetMs ?? 15_000,
  })
  return { run: async () => (await post(handler, FOLLOWUP_SECRET)).json() as Promise<Record<string, unknown>>, logger }
}

function redeliver(fetchFn: Fetch) {
  const logger = recordingLogger()
  const handler = createRedeliverHandler({
    secret: 'cron',
    store: pgLeadStore(pg.sql),
    board: boardFrom({ token: 't', boardId: '123', groupId: 'topics', apiUrl: board.url, fetch: fetchFn, timeoutMs: 10_000 }, 0),
    backoff,
    logger,
    now: () => new Date(),
    leaseMs: 30_000,
    batchSize: 10,
    concurrency: 1,
    budgetMs: 15_000,
  })
  return { run: async () => (await post(handler, 'cron')).json() as Promise<Record<string, unknown>>, logger }
}

const lapseClaims = (table: 'leads' | 'enterprise_registrations') =>
  pg.sql`update ${pg.sql(table)} set claimed_until = now() - interval '1 second' where status = 'pending'`
/** The registration's note (a confirmed registration's item also gets its one 'E-mail confirmed' update). */
const notesOn = (itemId: string | null | undefined) =>
  board.notes.filter((note) => note.itemId === itemId && !note.body.includes('E-mail confirmed:')).length
const confirmedNotesOn = (itemId: string | null | undefined) =>
  board.notes.filter((note) => note.itemId === itemId && note.body.includes('E-mail confirmed:')).length
const salesAlerts = () => channels.webhook.filter((message) => message.text.includes('New enterprise registration'))
const confirmations = () => channels.emails.filter((email) => email.to.includes(validRegistration.email))

describe('a late outcome changes nothing', () => {
  it.each([
    ['its answer arrives', false],
    ['its answer is lost', true],
  ])(
    'enterprise-followup: the newer claimant finishes the registration; the first worker, %s late, records, settles and sends nothing',
    async (_, lose) => {
      const id = await register(pg.sql)
      const hold = holdAnswer('create_item')
      const first = followup(hold.fetch)
      const firstRun = first.run()
      await hold.held
      await lapseClaims('enterprise_registrations')

      expect(await followup(passThrough).run()).toMatchObject({ claimed: 1, done: 1 })
      const [finished] = await pg.sql`select status, board_item_id, attempts, last_error from enterprise_registrations where id = ${id}`
      hold.release(lose)
      const firstReport = await firstRun

      const [after] = await pg.sql`select status, board_item_id, attempts, last_error from enterprise_registrations where id = ${id}`
      expect(after).toEqual(finished)
      expect(after).toMatchObject({ status: 'done', attempts: 2, last_error: null })
      expect(board.itemsFor(id)).toBe(1)
      expect(notesOn(after!.board_item_id)).toBe(1)
      expect(confirmedNotesOn(after!.board_item_id)).toBe(1)
      expect(salesAlerts()).toHaveLength(1)
      expect(confirmations()).toHaveLength(1)
      expect(firstReport).toMatchObject({ claimed: 1, done: 0, retrying: 0, failed: 0, lost: 1 })
      expect(first.logger.records).toContainEqual(
        expect.objectContaining({ level: 'warn', message: 'late outcome ignored', fields: expect.objectContaining({ id }) }),
      )
    },
    30_000,
  )

  it.each([
    ['its answer arrives', false],
    ['its answer is lost', true],
  ])(
    'leads-redeliver: the newer claimant delivers the lead; the first worker, %s late, neither settles it nor adds a note',
    async (_, lose) => {
      const lead = v.parse(LeadSubmissionSchema, submission({ submissionId: crypto.randomUUID() }))
      await pgLeadStore(pg.sql).record({ submission: lead, status: 'pending' })
      const hold = holdAnswer('create_item')
      const first = redeliver(hold.fetch)
      const firstRun = first.run()
      await hold.held
      await lapseClaims('leads')

      expect(await redeliver(passThrough).run()).toMatchObject({ claimed: 1, delivered: 1 })
      hold.release(lose)
      const firstReport = await firstRun

      const [row] = await pg.sql`select status, board_item_id, attempts, last_error from leads where submission_id = ${lead.submissionId}`
      expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null })
      expect(board.itemsFor(lead.submissionId)).toBe(1)
      expect(notesOn(row!.board_item_id)).toBe(1)
      expect(firstReport).toMatchObject({ claimed: 1, delivered: 0, retrying: 0, failed: 0, lost: 1 })
      expect(first.logger.records).toContainEqual(expect.objectContaining({ level: 'warn', message: 'late outcome ignored' }))
    },
    30_000,
  )
})

describe('a worker budget', () => {
  it('enterprise-followup claims no new registration once its budget is spent, and leaves the rest unclaimed for the next run', async () => {
    const ids = [await register(pg.sql), await register(pg.sql), await register(pg.sql)]
    // Each board item takes (on this clock) the whole budget.
    const clock = { ms: Date.now() }
    const slow: Fetch = async (input, init) => {
      const request = await readBody(init)
      if (request.text.includes('create_item(')) clock.ms += 20_000
      return fetch(input, request.init)
    }
    expect(await followup(slow, { now: () => new Date(clock.ms), budgetMs: 15_000 }).run()).toMatchObject({ claimed: 1, done: 1 })
    const rows = await pg.sql`select status, attempts, claimed_until from enterprise_registrations where id in ${pg.sql(ids)}`
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(1)
    expect(rows.filter((row) => row.status === 'pending')).toEqual([
      { status: 'pending', attempts: 0, claimed_until: null },
      { status: 'pending', attempts: 0, claimed_until: null },
    ])
  })
})
