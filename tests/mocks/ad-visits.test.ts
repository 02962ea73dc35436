import { describe, expect, it } from 'vitest'
import { MOCK_SUPABASE_URL } from '@/config'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'

// The ad-visits mock answers with the function's own handler: offline testers meet its refusals.
const url = `${MOCK_SUPABASE_URL}/functions/v1/ad-visits`
const beacon = (body: string, init: RequestInit = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body, ...init })

describe('ad-visits mock (the function as the landing page meets it)', () => {
  it('takes a visit with 204 and records what the function would count', async () => {
    clearRecordedRequests()
    expect((await beacon('platform=google&keyword=vet&kinds=gclid,wbraid')).status).toBe(204)
    expect(recordedRequests('ad-visits').map((r) => r.body)).toEqual([{ platform: 'google', keyword: 'vet', kinds: 'gclid+wbraid' }])
  })

  it('refuses what the function refuses: an id riding along, a long keyword, a GET', async () => {
    clearRecordedRequests()
    expect((await beacon('platform=google&kinds=gclid&gclid=Cj0K')).status).toBe(400)
    expect((await beacon(`platform=google&keyword=${'k'.repeat(101)}&kinds=gclid`)).status).toBe(400)
    expect((await fetch(`${url}?kinds=gclid`)).status).toBe(405)
    expect(recordedRequests('ad-visits')).toEqual([])
  })
})
