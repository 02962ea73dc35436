import { describe, expect, it } from 'vitest'
import { MOCK_SUPABASE_URL } from '@/config'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'

// Issue 42 point 6: the offline stand-ins refuse a body of the wrong type as the functions do (415).
const FUNCTIONS = ['leads', 'enterprise-register', 'enterprise-confirm', 'review-check', 'ai-reply'] as const
const body = JSON.stringify({ submissionId: '3f1c2b9e-7a4d-4e8b-9c1a-2d3e4f5a6b7c', token: 'x' })

describe('the functions’ mocks and the body type', () => {
  it.each(FUNCTIONS)(
    '%s answers a JSON body sent as application/xml, text/plain or with no type with 415 and a JSON error',
    async (name) => {
      clearRecordedRequests()
      for (const type of ['application/xml', 'text/plain;charset=UTF-8', 'application/json; charset=utf-16', undefined]) {
        const response = await fetch(`${MOCK_SUPABASE_URL}/functions/v1/${name}`, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body: type ? body : new Blob([body]),
        })
        expect(response.status).toBe(415)
        expect(await response.json()).toMatchObject({ code: 'unsupported-media-type' })
        expect(response.headers.get('accept-post')).toContain('application/json')
      }
      expect(recordedRequests()).toEqual([])
    },
  )
})
