import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { type TurnstileSettings } from '../../supabase/functions/_shared/turnstile/siteverify.ts'
import type { TokenLedger } from '../../supabase/functions/_shared/turnstile/token-ledger.ts'
import { DUMMY_TOKEN, FAIL_SECRET, FAKE_SECRET, PASS_SECRET, SPENT_SECRET } from '../support/fake-siteverify.mjs'
import { fakeVerifier, fakeSiteverifyForFile } from './siteverify-helpers'
import { recordingLogger } from './support'

const siteverify = fakeSiteverifyForFile()

/** The ledger's rule in memory: one use key per token (pg-token-ledger is tested on PostgreSQL in enterprise-register). */
const memoryLedger = (): TokenLedger => {
  const taken = new Map<string, string>()
  return {
    use: async (token, key) => (taken.get(token) ?? (taken.set(token, key), key)) === key,
  }
}

function verifier(settings: Partial<TurnstileSettings> = {}, ledger: TokenLedger | undefined = memoryLedger()) {
  const logger = recordingLogger()
  return { verify: fakeVerifier(siteverify(), { settings, ledger, logger }), logger }
}

const headers = new Headers({ 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '192.0.2.1' })

describe('siteverify', () => {
  it('posts secret, response, remoteip (the trusted header only) and idempotency_key, form-encoded, and takes a good token', async () => {
    const { verify } = verifier()
    const token = siteverify().issue({ action: 'check' })
    const key = randomUUID()
    const before = siteverify().requests.length
    const result = await verify({ token, action: 'check', headers, idempotencyKey: key })
    expect(result).toMatchObject({ kind: 'verified' })
    expect(siteverify().requests.slice(before)).toEqual([
      {
        contentType: 'application/x-www-form-urlencoded',
        fields: { secret: FAKE_SECRET, response: token, remoteip: '203.0.113.7', idempotency_key: key },
      },
    ])
  })

  it('refuses a token used a second time; the same submission retried (same key) passes again', async () => {
    const { verify } = verifier()
    const token = siteverify().issue({ action: 'lead' })
    const key = randomUUID()
    expect((await verify({ token, action: 'lead', headers, idempotencyKey: key })).kind).toBe('verified')
    expect(await verify({ token, action: 'lead', headers, idempotencyKey: key })).toMatchObject({ kind: 'verified' })
    expect(await verify({ token, action: 'lead', headers, idempotencyKey: randomUUID() })).toEqual({
      kind: 'unverified',
      reason: 'spent-token',
    })
  })

  it('refuses a token solved on another hostname, or for another form', async () => {
    const { verify } = verifier()
    const elsewhere = siteverify().issue({ action: 'check', hostname: 'evil.example' })
    expect(await verify({ token: elsewhere, action: 'check', headers, idempotencyKey: randomUUID() })).toEqual({
      kind: 'unverified',
      reason: 'wrong-hostname',
    })
    const forLeads = siteverify().issue({ action: 'lead' })
    expect(await verify({ token: forLeads, action: 'check', headers, idempotencyKey: randomUUID() })).toEqual({
      kind: 'unverified',
      reason: 'wrong-action',
    })
  })

  it('refuses a token replayed to a second function even when siteverify passes it (the ledger)', async () => {
    const { verify } = verifier({ secretKey: PASS_SECRET })
    expect((await verify({ token: DUMMY_TOKEN, action: 'lead', headers, idempotencyKey: randomUUID() })).kind).toBe('verified')
    expect(await verify({ token: DUMMY_TOKEN, action: 'registration', headers, idempotencyKey: randomUUID() })).toEqual({
      kind: 'unverified',
      reason: 'replayed',
    })
  })

  it.each([
    [FAIL_SECRET, { kind: 'unverified', reason: 'invalid-token' }],
    [SPENT_SECRET, { kind: 'unverified', reason: 'spent-token' }],
    ['not-our-secret', { kind: 'unverified', reason: 'invalid-token' }],
  ])("answers Cloudflare's test secret %s as documented", async (secretKey, expected) => {
    const { verify } = verifier({ secretKey })
    expect(await verify({ token: DUMMY_TOKEN, action: 'reply', headers, idempotencyKey: randomUUID() })).toEqual(expected)
  })

  it('needs a token: none, a non-string or one over 2048 characters is unverified without asking siteverify', async () => {
    const { verify } = verifier()
    const before = siteverify().requests.length
    for (const [token, reason] of [
      [undefined, 'missing-token'],
      ['', 'missing-token'],
      [42, 'invalid-token'],
      ['x'.repeat(2049), 'invalid-token'],
    ] as const) {
      expect(await verify({ token, action: 'lead', headers, idempotencyKey: randomUUID() })).toEqual({ kind: 'unverified', reason })
    }
    expect(siteverify().requests.length).toBe(before)
  })

  it('counts an outage or a slow answer as unavailable, never as a pass', async () => {
    const { verify, logger } = verifier()
    siteverify().mode = 'down'
    const token = siteverify().issue({ action: 'lead' })
    expect(await verify({ token, action: 'lead', headers, idempotencyKey: randomUUID() })).toEqual({
      kind: 'unavailable',
      reason: 'siteverify-down',
    })
    expect(logger.records.some((r) => r.level === 'error' && r.message.includes('siteverify did not answer'))).toBe(true)
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const slow = verifier({ verifyUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/siteverify`, timeoutMs: 100 })
      const started = Date.now()
      expect((await slow.verify({ token, action: 'lead', headers, idempotencyKey: randomUUID() })).kind).toBe('unavailable')
      expect(Date.now() - started).toBeLessThan(1_500)
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  })

  it('is off without a secret, and says so loudly', async () => {
    const { verify, logger } = verifier({ secretKey: undefined })
    expect(await verify({ token: undefined, action: 'lead', headers, idempotencyKey: randomUUID() })).toEqual({ kind: 'off' })
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'error', message: expect.stringContaining('OFF') }))
  })
})
