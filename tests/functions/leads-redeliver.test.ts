import { HttpResponse } from 'msw'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LeadSubmissionSchema } from '@/schemas/lead'
import { boardFrom } from '../../supabase/functions/_shared/board/board.ts'
import { createRedeliverHandler, type RedeliverDeps } from '../../supabase/functions/leads-redeliver/handler.ts'
import { SECRET_HEADER } from '../../supabase/functions/_shared/http/secret.ts'
import { memoryLeadStore } from '../support/memory-lead-store'
import { BOARD_URL, fakeBoard, ITEM_ID, NOW, only, recordingLogger, submission, TOKEN } from './support'

const SECRET = 'cron-secret'

function redeliverer(overrides: Partial<RedeliverDeps> = {}) {
  const clock = { now: NOW }
  const store = memoryLeadStore(() => clock.now)
  const logger = recordingLogger()
  const board = boardFrom(
    { token: TOKEN, boardId: '123', groupId: 'topics', apiUrl: BOARD_URL, fetch: (input, init) => fetch(input, init) },
    0,
  )
  const handler = createRedeliverHandler({
    secret: SECRET,
    store,
    board,
    backoff: { baseMs: 1_000, maxMs: 60_000, maxAttempts: 3, random: () => 1 },
    logger,
    now: () => clock.now,
    leaseMs: 30_000,
    batchSize: 10,
    concurrency: 2,
    budgetMs: 30_000,
    ...overrides,
  })
  const run = async (secret = SECRET) =>
    handler(new Request('https://project.test/functions/v1/leads-redeliver', { method: 'POST', headers: { [SECRET_HEADER]: secret } }))
  const queue = async (count: number) => {
    const ids = Array.from({ length: count }, () => crypto.randomUUID())
    for (const submissionId of ids)
      await store.record({ submission: v.parse(LeadSubmissionSchema, submission({ submissionId })), status: 'pending' })
    return ids
  }
  const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms))
  return { run, store, logger, queue, later }
}

describe('leads-redeliver', () => {
  it('refuses a call without the right secret, and every call when none is configured', async () => {
    const { run } = redeliverer()
    expect((await run('wrong')).status).toBe(401)
    expect((await run('')).status).toBe(401)
    expect((await redeliverer({ secret: undefined }).run()).status).toBe(503)
  })

  it('delivers due pending leads, creating each item once', async () => {
    const calls = fakeBoard()
    const { run, store, queue } = redeliverer()
    const ids = await queue(3)
    const res = await run()
    expect(await res.json()).toEqual({ claimed: 3, delivered: 3, retrying: 0, failed: 0, interrupted: 0, lost: 0, paused: false })
    expect(only(calls, 'create_item')).toHaveLength(3)
    for (const id of ids) expect(store.rows.get(id)).toMatchObject({ status: 'delivered', boardItemId: ITEM_ID })
    expect(await (await run()).json()).toMatchObject({ claimed: 0 })
  })

  it('claims no new lead once its budget is spent, and leaves the rest unclaimed for the next run', async () => {
    const { run, store, queue, later } = redeliverer({ concurrency: 1, budgetMs: 30_000 })
    // Each board item takes (on this clock) longer than the whole budget.
    const calls = fakeBoard({ create_item: [() => (later(31_000), HttpResponse.json({ data: { create_item: { id: ITEM_ID } } }))] })
    const ids = await queue(3)
    expect(await (await run()).json()).toMatchObject({ claimed: 1, delivered: 1 })
    expect(only(calls, 'create_item')).toHaveLength(1)
    const rows = ids.map((id) => store.rows.get(id)!)
    expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(1)
    expect(rows.filter((row) => row.status === 'pending' && row.attempts === 0 && row.claimedUntil === null)).toHaveLength(2)
  })

  it('looks a lead with an earlier attempt up on the board and records the item it finds instead of creating another', async () => {
    const calls = fakeBoard({ find_item: [() => HttpResponse.json({ data: { items_page_by_column_values: { items: [{ id: '777' }] } } })] })
    const { run, store, queue, later } = redeliverer()
    const [id] = await queue(1)
    await store.claim(id!, 1_000) // an attempt whose function died: its claim lapses
    later(1_001)
    await run()
    expect(store.rows.get(id!)).toMatchObject({ status: 'delivered', boardItemId: '777', attempts: 2 })
    expect(only(calls, 'create_item')).toHaveLength(0)
    // The item may hold the note from that attempt: looked up before it is made.
    expect(only(calls, 'item_updates')).toHaveLength(1)
    expect(only(calls, 'create_update')).toHaveLength(1)
  })

  it('looks a replayed lead up too (attempts reset, last error kept), so a replay never duplicates', async () => {
    const calls = fakeBoard()
    const { run, store, queue } = redeliverer()
    const [id] = await queue(1)
    Object.assign(store.rows.get(id!)!, { lastError: 'network: connection reset' })
    await run()
    expect(only(calls, 'find_item')).toHaveLength(1)
    expect(only(calls, 'create_item')).toHaveLength(1)
    expect(store.rows.get(id!)).toMatchObject({ status: 'delivered' })
  })

  it('pauses the batch when the board asks everyone to wait, without using up the attempt', async () => {
    const limited = () => HttpResponse.json({ errors: [{ message: 'Rate limit' }] }, { status: 429, headers: { 'retry-after': '120' } })
    const calls = fakeBoard({ create_item: [limited] })
    const { run, store, queue } = redeliverer({ concurrency: 1 })
    const ids = await queue(3)
    expect(await (await run()).json()).toEqual({ claimed: 1, delivered: 0, retrying: 1, failed: 0, interrupted: 0, lost: 0, paused: true })
    expect(only(calls, 'create_item')).toHaveLength(1)
    const waiting = [...store.rows.values()].find((row) => row.lastError?.includes('rate-limited'))
    expect(waiting).toMatchObject({ attempts: 0, nextAttemptAt: new Date(NOW.getTime() + 120_000) })
    expect(ids).toContain(waiting!.submission.submissionId)
  })

  it('backs off after each failure and marks the lead failed with its last error after the last attempt', async () => {
    const broken = () => HttpResponse.json({ error_message: 'Internal server error' }, { status: 500 })
    fakeBoard({ create_item: [broken, broken, broken], find_item: [] })
    const { run, store, queue, later, logger } = redeliverer()
    const [id] = await queue(1)
    const waits: number[] = []
    for (let round = 0; round < 3; round++) {
      await run()
      const row = store.rows.get(id!)!
      if (row.status === 'pending') waits.push(row.nextAttemptAt.getTime() - NOW.getTime())
      later(10 * 60_000)
    }
    expect(waits).toEqual([1_000, 10 * 60_000 + 2_000])
    expect(store.rows.get(id!)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'http 500: Internal server error' })
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'error', message: 'lead delivery failed for good' }))
  })

  it('evaluates the alerts after the run, and a failing alert never fails the run', async () => {
    fakeBoard()
    const order: string[] = []
    const alerts = async () => {
      order.push('alerts')
      throw new Error('channel exploded')
    }
    const { run, queue, store } = redeliverer({ alerts })
    const [id] = await queue(1)
    const res = await run()
    expect(res.status).toBe(200)
    expect(store.rows.get(id!)).toMatchObject({ status: 'delivered' })
    expect(order).toEqual(['alerts'])
  })

  it('sends the due notifications at the end of every run, after the alerts, and when the board is not configured', async () => {
    fakeBoard()
    const order: string[] = []
    const deps = {
      alerts: async () => (order.push('alerts'), undefined),
      notifications: async () => (order.push('notifications'), undefined),
    }
    expect((await redeliverer(deps).run()).status).toBe(200)
    expect(order).toEqual(['alerts', 'notifications'])

    order.length = 0
    expect((await redeliverer({ ...deps, board: undefined }).run()).status).toBe(503)
    expect(order).toEqual(['alerts', 'notifications'])
  })
})
