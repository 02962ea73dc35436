import { describe, expect, it } from 'vitest'
import { leadSource, sourceLabel } from '@/content/lead-sources'

describe('source-page labels (SPEC §9)', () => {
  it.each([
    ['/', 'Homepage'],
    ['/vet', 'Veterinary Page'],
    ['/vet1', 'Veterinary Page (Alt)'],
    ['/qrb', 'Accountants Page (QRB)'],
    ['/konversable', 'Konversable Page'],
    ['/x18', 'X18 Page'],
    ['/blog/get-more-customer-reviews', 'Page /blog/get-more-customer-reviews'],
    ['/vet/', 'Veterinary Page'],
  ])('%s is labelled %s', (path, label) => {
    expect(sourceLabel(path)).toBe(label)
  })

  it('adds the partnership note on /qrb only', () => {
    expect(leadSource('/qrb').note).toMatch(/partnership/i)
    expect(leadSource('/vet')).toEqual({ path: '/vet', label: 'Veterinary Page' })
  })
})
