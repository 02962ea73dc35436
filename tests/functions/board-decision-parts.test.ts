import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { decisionFailedAlert } from '../../supabase/functions/_shared/board/decision-alert.ts'
import { parseBoardBody } from '../../supabase/functions/_shared/board/decision-event.ts'
import { bearerToken, verifyMondayJwt } from '../../supabase/functions/_shared/board/monday-jwt.ts'
import { nameWithoutReviewPrefix } from '../../supabase/functions/_shared/board/review-item.ts'

const SECRET = 'signing-secret'
const NOW = new Date('2026-11-28T10:00:00.000Z')
const seconds = NOW.getTime() / 1000
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }, secret = SECRET) => {
  const unsigned = `${b64(header)}.${b64(claims)}`
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}

describe("monday's JWT", () => {
  it('takes a token signed with the secret, in time, for the audience asked', async () => {
    const good = token({ exp: seconds + 60, aud: 'https://x.test/board-webhook' })
    expect(await verifyMondayJwt(good, SECRET, { now: NOW })).toMatchObject({ ok: true })
    expect(await verifyMondayJwt(good, SECRET, { now: NOW, audience: 'https://x.test/board-webhook' })).toMatchObject({ ok: true })
    expect(bearerToken(`Bearer ${good}`)).toBe(good)
    expect(bearerToken(good)).toBe(good)
  })

  it.each([
    ['no token', undefined],
    ['another secret', token({ exp: seconds + 60 }, undefined, 'other')],
    ['expired', token({ exp: seconds - 120 })],
    ['no exp', token({})],
    ['not yet valid', token({ exp: seconds + 600, nbf: seconds + 300 })],
    ["alg 'none'", `${b64({ alg: 'none' })}.${b64({ exp: seconds + 60 })}.`],
    ['HS512 header on an HS256 signature', token({ exp: seconds + 60 }, { alg: 'HS512' })],
    ['a changed payload', token({ exp: seconds + 60 }).replace(/\.[^.]+\./, `.${b64({ exp: seconds + 6000 })}.`)],
    ['two parts', 'a.b'],
  ])('refuses %s', async (_name, jwt) => {
    expect((await verifyMondayJwt(jwt, SECRET, { now: NOW })).ok).toBe(false)
  })

  it('refuses another audience when one is asked', async () => {
    const other = token({ exp: seconds + 60, aud: 'https://evil.test/hook' })
    expect(await verifyMondayJwt(other, SECRET, { now: NOW, audience: 'https://x.test/board-webhook' })).toEqual({
      ok: false,
      reason: 'wrong audience',
    })
  })
})

describe('the board body', () => {
  const event = (extra: Record<string, unknown>) => ({
    event: { type: 'update_column_value', boardId: 1, pulseId: 5, columnId: 'decision', changedAt: seconds, ...extra },
  })
  it('reads the challenge alone, a decision, a cleared column and other columns', () => {
    expect(parseBoardBody({ challenge: 'abc' }, 'decision', NOW)).toEqual({ kind: 'challenge', challenge: 'abc' })
    expect(parseBoardBody({ challenge: 'x'.repeat(513) }, 'decision', NOW)).toEqual({ kind: 'invalid' })
    expect(parseBoardBody({ challenge: 'abc', ...event({}) }, 'decision', NOW).kind).toBe('decision')
    const release = parseBoardBody(event({ value: { label: { text: ' Release ' } }, triggerUuid: 'u1', userId: 7 }), 'decision', NOW)
    expect(release).toEqual({
      kind: 'decision',
      event: { key: 'u1', boardId: '1', itemId: '5', columnId: 'decision', label: 'Release', decision: 'release', userId: '7', changedAt: NOW },
    })
    const cleared = parseBoardBody(event({ value: null }), 'decision', NOW)
    expect(cleared).toMatchObject({ kind: 'decision', event: { label: null, decision: null } })
    expect(parseBoardBody(event({ value: { label: { text: 'Done' } } }), 'decision', NOW)).toMatchObject({ event: { decision: null } })
    expect(parseBoardBody(event({ columnId: 'status' }), 'decision', NOW)).toEqual({ kind: 'ignored', why: 'column status' })
    expect(parseBoardBody(event({ type: 'create_pulse' }), 'decision', NOW)).toEqual({ kind: 'ignored', why: 'create_pulse' })
    expect(parseBoardBody('nope', 'decision', NOW)).toEqual({ kind: 'invalid' })
    // A board clock ahead of ours: dated when it reached us.
    expect(parseBoardBody(event({ changedAt: seconds + 30 }), 'decision', NOW)).toMatchObject({ event: { changedAt: NOW } })
  })
})

describe('the name without its review prefix', () => {
  it.each([
    ['Unverified: Lead: Ada', 'Lead: Ada'],
    ['Unverified – Lead: Ada Lovelace', 'Lead: Ada Lovelace'],
    ['Unverified, Held – Enterprise: Acme', 'Enterprise: Acme'],
    ['Unverified, Spam? – Lead: Bot', 'Lead: Bot'],
    ['Unverified Lead: Ada', 'Lead: Ada'],
    ['Held – Enterprise: Acme', 'Enterprise: Acme'],
    ['Spam? Lead: Hedy', 'Lead: Hedy'],
    ['Unproven booking: Booking: Eve', 'Booking: Eve'],
    ['Helden GmbH', undefined],
    ['Lead: Ada', undefined],
    ['Unverified', undefined],
  ])('%s → %s', (name, expected) => {
    expect(nameWithoutReviewPrefix(name)).toBe(expected)
  })
})

describe('the ops alert when the board does not follow a decision', () => {
  afterEach(() => vi.unstubAllGlobals())
  it('is the example docs/staff-messages.md shows: the decision holds, the item links, the next step by hand', () => {
    const settings: Record<string, string> = { MONDAY_ACCOUNT_SLUG: 'agency', MONDAY_BOARD_ID: '1234567890' }
    vi.stubGlobal('Deno', { env: { get: (name: string) => settings[name] } })
    const ops = { environment: 'production', runbookBase: 'https://github.com/agency/site/blob/main/docs' }
    const alert = decisionFailedAlert({ itemId: '9100', decision: 'release', subjectKind: 'lead' }, 'http: HTTP 500 Internal server error', ops)
    const { subject, text } = alert('slack')
    const doc = readFileSync(new URL('../../docs/staff-messages.md', import.meta.url), 'utf8')
    expect(doc).toContain(`Subject: ${subject}`)
    expect(doc).toContain(text)
  })
})
