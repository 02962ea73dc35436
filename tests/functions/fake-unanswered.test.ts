import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RESEND_KEY, startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFakeStripe, STRIPE_KEY, type FakeStripe } from '../support/fake-stripe.mjs'
import { loopbackPassesThrough } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The benches' 'taken, then unanswered' fault (issue 36.5): each fake does what the call asks,
// then never answers or drops the connection, at the rate it is given, and records it.
let board: FakeBoard
let alerts: FakeAlerts
let stripe: FakeStripe

beforeAll(async () => {
  ;[board, alerts, stripe] = await Promise.all([startFakeBoard(), startFakeAlerts(), startFakeStripe()])
})
afterAll(() => Promise.all([board?.close(), alerts?.close(), stripe?.close()]))
beforeEach(() => loopbackPassesThrough())

/** A call whose answer never comes within 1 s, or whose connection drops: both reject. */
const unanswered = (url: string, init: RequestInit) => fetchWithin(url, { ...init, within: 1_000 }).then((res) => res.text())

describe('taken, then unanswered', () => {
  it('the board creates the item or adds the note, leaves the call unanswered and names its submission', async () => {
    board.unanswered({ share: 1, operations: ['create_item', 'create_update'] })
    const post = (query: string, variables: Record<string, unknown>) =>
      unanswered(board.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'token' },
        body: JSON.stringify({ query, variables }),
      })
    await expect(post('mutation { create_item }', { itemName: 'Lead: A', columnValues: '{"submission_id":"sub-1"}' })).rejects.toThrow()
    const [itemId] = [...board.items.keys()]
    await expect(post('mutation { create_update(item_id: 1) }', { itemId, body: 'note' })).rejects.toThrow()
    board.unanswered(null)

    expect(board.itemsFor('sub-1')).toBe(1)
    expect(board.notes).toEqual([{ id: expect.any(String), itemId, body: 'note' }])
    expect(board.lostAnswers.map(({ operation, submissionId }) => ({ operation, submissionId }))).toEqual([
      { operation: 'create_item', submissionId: 'sub-1' },
      { operation: 'create_update', submissionId: 'sub-1' },
    ])
  })

  it('the chat webhook and Resend take the message, and record what it said', async () => {
    alerts.unanswered({ share: 1 })
    await expect(unanswered(alerts.webhookUrl, { method: 'POST', body: JSON.stringify({ text: 'ALERT: x' }) })).rejects.toThrow()
    const email = { from: 'a@example.com', to: ['b@example.com'], subject: 'S', text: 'T' }
    await expect(
      unanswered(`${alerts.resendUrl}/emails`, {
        method: 'POST',
        headers: { authorization: `Bearer ${RESEND_KEY}`, 'idempotency-key': 'k1' },
        body: JSON.stringify(email),
      }),
    ).rejects.toThrow()
    alerts.unanswered(null)

    expect(alerts.webhook.map((m) => m.text)).toEqual(['ALERT: x'])
    expect(alerts.emails).toHaveLength(1)
    expect(alerts.lostAnswers).toEqual([
      expect.objectContaining({ channel: 'webhook', text: 'ALERT: x' }),
      expect.objectContaining({ channel: 'email', to: ['b@example.com'], idempotencyKey: 'k1' }),
    ])
  })

  it('Stripe does the call (kept under its key), leaves it unanswered and names the registration', async () => {
    stripe.unanswered({ share: 1, operations: ['customers.create'] })
    const create = () =>
      unanswered(`${stripe.url}/v1/customers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${STRIPE_KEY}`, 'idempotency-key': 'cus-1', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40example.com&metadata[registration_id]=reg-1',
      })
    await expect(create()).rejects.toThrow()
    stripe.unanswered(null)
    // The retry with the same key is answered from it: still one customer.
    expect(JSON.parse(await create())).toMatchObject({ metadata: { registration_id: 'reg-1' } })
    expect(stripe.customersFor('reg-1')).toHaveLength(1)
    expect(stripe.lostAnswers).toEqual([
      expect.objectContaining({ operation: 'customers.create', registrationId: 'reg-1', idempotencyKey: 'cus-1' }),
    ])
  })

  it('a slow Resend sends and answers only after its delay', async () => {
    alerts.slowEmail(150)
    const started = Date.now()
    const res = await fetch(`${alerts.resendUrl}/emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${RESEND_KEY}`, 'idempotency-key': 'slow-1' },
      body: JSON.stringify({ from: 'a@example.com', to: ['slow@example.com'], subject: 'S', text: 'T' }),
    })
    alerts.slowEmail(0)
    expect(res.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    expect(alerts.emails.filter((email) => email.to.includes('slow@example.com'))).toHaveLength(1)
  })

  it('a share of 0 answers every call', async () => {
    board.unanswered({ share: 0 })
    const before = board.lostAnswers.length
    const res = await fetch(board.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'token' },
      body: JSON.stringify({ query: 'mutation { create_item }', variables: { itemName: 'B', columnValues: '{"submission_id":"sub-2"}' } }),
    })
    expect(res.status).toBe(200)
    expect(board.lostAnswers).toHaveLength(before)
    board.unanswered(null)
  })
})
