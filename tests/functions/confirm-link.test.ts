import { describe, expect, it } from 'vitest'
import {
  checkConfirmToken,
  CONFIRM_LINK_TTL_MS,
  confirmUrl,
  signConfirmToken,
} from '../../supabase/functions/_shared/enterprise/confirm-link.ts'

const SECRET = 'test-secret'
const ID = '3f1c2b9e-7a4d-4e8b-9c1a-2d3e4f5a6b7c'
const ISSUED = new Date('2026-11-27T10:00:00.000Z')

describe('the signed confirmation link', () => {
  it('is valid until 48 hours after issue, then expired, and names its registration either way', async () => {
    const token = await signConfirmToken(SECRET, ID, ISSUED)
    expect(await checkConfirmToken(SECRET, token, new Date(ISSUED.getTime() + CONFIRM_LINK_TTL_MS))).toEqual({
      kind: 'valid',
      id: ID,
      issuedAt: ISSUED,
    })
    expect(await checkConfirmToken(SECRET, token, new Date(ISSUED.getTime() + CONFIRM_LINK_TTL_MS + 1_000))).toMatchObject({
      kind: 'expired',
      id: ID,
    })
    expect(CONFIRM_LINK_TTL_MS).toBe(48 * 3_600_000)
  })

  it('refuses another secret, a changed id or time, a changed signature and junk', async () => {
    const token = await signConfirmToken(SECRET, ID, ISSUED)
    const [, seconds, mac] = token.split('.')
    const flipped = mac!.slice(0, -1) + (mac!.endsWith('A') ? 'B' : 'A')
    for (const bad of [
      await signConfirmToken('other', ID, ISSUED),
      `${ID.replace('3f', '4f')}.${seconds}.${mac}`,
      `${ID}.${Number(seconds) + 3_600}.${mac}`,
      `${ID}.${seconds}.${flipped}`,
      `${ID}.0${seconds}.${mac}`,
      `${token}.x`,
      '',
      '...',
    ])
      expect(await checkConfirmToken(SECRET, bad, ISSUED)).toEqual({ kind: 'invalid' })
  })

  it('goes into the site URL as one query value', async () => {
    const token = await signConfirmToken(SECRET, ID, ISSUED)
    expect(confirmUrl('https://agency.example/', token)).toBe(`https://agency.example/confirm?token=${token}`)
  })
})
