import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChannelError, type AlertChannel, type AlertMessage, type ChannelName } from '../../supabase/functions/_shared/alerts/channels.ts'
import { notify } from '../../supabase/functions/_shared/notify/enqueue.ts'
import { drainNotifications } from '../../supabase/functions/_shared/notify/drain-notifications.ts'
import type { Renderers } from '../../supabase/functions/_shared/notify/notification.ts'
import { pgNotifications } from '../../supabase/functions/_shared/notify/pg-notifications.ts'
import { renderers as shippedRenderers } from '../../supabase/functions/_shared/notify/kinds.ts'
import { recordingLogger } from '../functions/support'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

let pg: PgCluster
beforeAll(async () => {
  pg = await startPgCluster()
}, 60_000)
afterAll(() => pg?.stop())
beforeEach(async () => {
  await pg.sql`delete from notifications`
})

const backoff = { baseMs: 1, maxMs: 1, maxAttempts: 3, random: () => 0 }
const renderers: Renderers = {
  ...shippedRenderers,
  hello: (payload) => (format) => ({ subject: 'Hello', text: `${format}: hello ${String(payload.name)}` }),
}

/** A channel that records what it took; `answers` scripts each call: 'ok', 'lost' (took it, no answer) or 'refused'. */
function channel(name: ChannelName, answers: ('ok' | 'lost' | 'refused')[] = []) {
  const taken: AlertMessage[] = []
  const calls: AlertMessage[] = []
  const fake: AlertChannel & { taken: AlertMessage[]; calls: AlertMessage[] } = {
    name,
    format: name === 'email' ? 'plain' : 'slack',
    taken,
    calls,
    async send(message) {
      calls.push(message)
      const answer = answers.shift() ?? 'ok'
      if (answer === 'refused') throw new ChannelError('HTTP 503 down', false)
      // An e-mail with a key already used is not sent again (Resend's idempotency).
      if (!(name === 'email' && taken.some((sent) => sent.idempotencyKey === message.idempotencyKey))) taken.push(message)
      if (answer === 'lost') throw new ChannelError('timeout: no answer within 5000 ms', true)
    },
  }
  return fake
}

const run = (channels: { sales: AlertChannel[]; ops: AlertChannel[] }) =>
  drainNotifications({
    store: pgNotifications(pg.sql),
    channels,
    renderers,
    backoff,
    now: () => new Date(Date.now() - 1_000),
    leaseMs: 30_000,
    logger: recordingLogger(),
  })

const rows = () =>
  pg.sql<{ channel: string; status: string; attempts: number; unanswered: number; kind: string; failure_reason: string | null }[]>`
    select channel, status, attempts, unanswered, kind, failure_reason from notifications order by kind, channel`

describe('the notifications outbox', () => {
  it('queues one row per channel, once per key, only when the transaction commits', async () => {
    await pg.sql.begin(async (tx) => {
      expect(await notify(tx, { kind: 'hello', key: 'hello:1', audience: 'sales', payload: { name: 'Ada' } })).toBe(2)
      expect(await notify(tx, { kind: 'hello', key: 'hello:1', audience: 'sales', payload: { name: 'Bob' } })).toBe(0)
    })
    await pg.sql
      .begin(async (tx) => {
        await notify(tx, { kind: 'hello', key: 'hello:2', audience: 'sales', payload: { name: 'Cy' } })
        throw new Error('the change failed')
      })
      .catch(() => undefined)
    expect(await pg.sql`select message_key, channel from notifications order by channel`).toEqual([
      { message_key: 'hello:1', channel: 'email' },
      { message_key: 'hello:1', channel: 'webhook' },
    ])
  })

  it('sends each row on its channel, under its key on e-mail, and a lost answer is retried and counted', async () => {
    await notify(pg.sql, { kind: 'hello', key: 'hello:ada', audience: 'sales', payload: { name: 'Ada' } })
    const chat = channel('webhook', ['lost'])
    const email = channel('email', ['lost'])
    await run({ sales: [chat, email], ops: [] })
    // Retried in the same run (the backoff is 1 ms from a clock a second behind).
    expect(email.calls.map((call) => call.idempotencyKey)).toEqual(['hello:ada', 'hello:ada'])
    expect(email.taken).toHaveLength(1)
    expect(chat.taken.map((message) => message.text)).toEqual(['slack: hello Ada', 'slack: hello Ada'])
    expect(await rows()).toEqual([
      { channel: 'email', status: 'sent', attempts: 2, unanswered: 1, kind: 'hello', failure_reason: null },
      { channel: 'webhook', status: 'sent', attempts: 2, unanswered: 1, kind: 'hello', failure_reason: null },
    ])
  })

  it('skips a channel that is not configured, saying why', async () => {
    await notify(pg.sql, { kind: 'hello', key: 'hello:ops', audience: 'ops', payload: { name: 'Ops' } })
    const chat = channel('webhook')
    await run({ sales: [], ops: [chat] })
    expect(chat.taken).toHaveLength(1)
    const [skipped] = await pg.sql`select status, last_error from notifications where channel = 'email'`
    expect(skipped).toEqual({ status: 'skipped', last_error: 'no email channel is configured for ops' })
  })

  it('fails a row after its attempts and tells ops once a day, on the other channel too', async () => {
    await notify(pg.sql, { kind: 'hello', key: 'hello:a', audience: 'sales', payload: { name: 'A' } })
    await notify(pg.sql, { kind: 'hello', key: 'hello:b', audience: 'sales', payload: { name: 'B' } })
    const chat = channel('webhook', Array(6).fill('refused'))
    const email = channel('email')
    await run({ sales: [chat, email], ops: [chat, email] })
    const failed = await pg.sql`select message_key from notifications where status = 'failed' order by message_key`
    expect(failed.map((row) => row.message_key)).toEqual(['hello:a', 'hello:b'])
    const told = email.taken.filter((message) => message.subject.startsWith('Alert channel failing'))
    expect(told).toHaveLength(1)
    expect(told[0]?.text).toContain('The webhook channel stopped delivering messages')
  })

  it('lets a late worker change nothing once a newer claim owns the row', async () => {
    await notify(pg.sql, { kind: 'hello', key: 'hello:late', audience: 'sales', payload: { name: 'Late' } })
    const store = pgNotifications(pg.sql)
    const first = await store.claimNext(1)
    expect(first).toBeDefined()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = await store.claimNext(30_000)
    expect(second?.id).toBe(first?.id)
    expect(await store.sent(first!)).toBe(false)
    expect(await store.failed(first!, { reason: 'late', detail: 'late' })).toBe(false)
    expect(await store.sent(second!)).toBe(true)
  })

  it('is closed to the anonymous roles', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(pg.asRole(role, (tx) => tx`select * from notifications`)).rejects.toThrow(/permission denied/)
      await expect(pg.asRole(role, (tx) => tx`select public.notify('hello', 'x', 'sales', '{}')`)).rejects.toThrow(/permission denied/)
    }
  })
})
