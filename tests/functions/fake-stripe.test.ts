import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeStripe, STRIPE_KEY, type FakeStripe } from '../support/fake-stripe.mjs'
import { loopbackPassesThrough } from './support'

// The fake's Idempotency-Key, through the SDK the function uses: what the invoice tests rely on.
let fake: FakeStripe
let stripe: Stripe

beforeAll(async () => {
  fake = await startFakeStripe()
  const { hostname, port } = new URL(fake.url)
  stripe = new Stripe(STRIPE_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    host: hostname,
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
})

afterAll(() => fake?.close())

beforeEach(() => {
  loopbackPassesThrough()
  fake.clear()
})

describe('fake Stripe', () => {
  it('replays the first answer for the same key and parameters, and creates nothing more', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com', metadata: { registration_id: 'r1' } }, { idempotencyKey: 'k1' })
    const again = await stripe.customers.create({ metadata: { registration_id: 'r1' }, email: 'a@example.com' }, { idempotencyKey: 'k1' })
    expect(again.id).toBe(first.id)
    expect(fake.requests.map((request) => request.replayed)).toEqual([false, true])
    expect(fake.customers.size).toBe(1)
  })

  it('refuses the same key with other parameters (idempotency_error) and changes nothing', async () => {
    await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k2' })
    const error = await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'k2' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' })
    expect(fake.customers.size).toBe(1)
  })

  it('refuses a wrong key with 401, and a 500 before the endpoint runs keeps nothing under the key', async () => {
    const { hostname, port } = new URL(fake.url)
    const wrong = new Stripe('sk_test_wrong', { httpClient: Stripe.createFetchHttpClient(), host: hostname, port, protocol: 'http' })
    await expect(wrong.customers.list({ email: 'a@example.com' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError)

    fake.failNext('customers.create')
    await expect(stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k3' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    )
    const created = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k3' })
    expect(created.email).toBe('a@example.com')
    expect(fake.requests.filter((request) => request.replayed)).toEqual([])
    expect(fake.customers.size).toBe(1)
  })
})
