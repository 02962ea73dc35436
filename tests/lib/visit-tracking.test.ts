import { describe, expect, it } from 'vitest'
import { trackingFromQuery, visitTracking, VISIT_TRACKING_KEY } from '@/lib/visit-tracking'

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === VISIT_TRACKING_KEY ? value : null) })
const kept = storageWith(JSON.stringify({ platform: 'google', keyword: 'vet' }))

describe('trackingFromQuery', () => {
  it('reads both values, trimmed, and leaves missing ones empty', () => {
    expect(trackingFromQuery('?platform=%20google%20&keyword=vet')).toEqual({ platform: 'google', keyword: 'vet' })
    expect(trackingFromQuery('?keyword=123')).toEqual({ platform: '', keyword: '123' })
    expect(trackingFromQuery('')).toEqual({ platform: '', keyword: '' })
  })

  it('drops a value longer than the leads function takes', () => {
    expect(trackingFromQuery(`?platform=google&keyword=${'k'.repeat(101)}`)).toEqual({ platform: 'google', keyword: '' })
  })
})

describe('visitTracking', () => {
  it('takes what the visit landed with when the page has no ad click of its own', () => {
    expect(visitTracking('', kept)).toEqual({ platform: 'google', keyword: 'vet' })
    expect(visitTracking('?platform=&keyword=', kept)).toEqual({ platform: 'google', keyword: 'vet' })
  })

  it('lets a new ad click on this page replace what was kept, as a pair', () => {
    expect(visitTracking('?platform=bing', kept)).toEqual({ platform: 'bing', keyword: '' })
  })

  it('is empty without an ad click, storage, or a readable value', () => {
    expect(visitTracking('', storageWith(null))).toEqual({ platform: '', keyword: '' })
    expect(visitTracking('', undefined)).toEqual({ platform: '', keyword: '' })
    expect(visitTracking('', storageWith('not json'))).toEqual({ platform: '', keyword: '' })
    expect(visitTracking('', storageWith('"google"'))).toEqual({ platform: '', keyword: '' })
    expect(visitTracking('', storageWith(JSON.stringify({ platform: 7, keyword: ['x'] })))).toEqual({ platform: '', keyword: '' })
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    expect(visitTracking('', refusing)).toEqual({ platform: '', keyword: '' })
  })
})
