import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { parseConfig, readVetVideoUrl } from '@/config'

describe('VITE_VET_VIDEO_URL', () => {
  it('is optional: unset or blank means the local clip', () => {
    expect(readVetVideoUrl({})).toBeUndefined()
    expect(readVetVideoUrl({ VITE_VET_VIDEO_URL: '  ' })).toBeUndefined()
    expect(parseConfig({ VITE_MOCK_SERVICES: 'true' }).vetVideoUrl).toBeUndefined()
  })

  it('takes a URL or a site path', () => {
    expect(readVetVideoUrl({ VITE_VET_VIDEO_URL: 'https://cdn.example.com/vet.mp4' })).toBe('https://cdn.example.com/vet.mp4')
    expect(readVetVideoUrl({ VITE_VET_VIDEO_URL: '/media/other.mp4' })).toBe('/media/other.mp4')
    expect(parseConfig({ VITE_MOCK_SERVICES: 'true', VITE_VET_VIDEO_URL: '/media/x.mp4' }).vetVideoUrl).toBe('/media/x.mp4')
  })

  it('rejects anything else with a readable message', () => {
    expect(() => readVetVideoUrl({ VITE_VET_VIDEO_URL: 'vet.mp4' })).toThrow(v.ValiError)
    expect(() => parseConfig({ VITE_MOCK_SERVICES: 'true', VITE_VET_VIDEO_URL: '//evil' })).toThrow(/VITE_VET_VIDEO_URL/)
  })
})
