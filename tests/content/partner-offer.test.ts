import { describe, expect, it } from 'vitest'
import { formatPrice, monthlySaving, offerFigures, partnerOffer } from '@/content/partner-offer'

describe('partner offer', () => {
  it('is the business growth package at $390 instead of $600, saving $210 (SPEC §1, §9)', () => {
    expect(partnerOffer.monthlyPrice).toBe(390)
    expect(partnerOffer.regularPrice).toBe(600)
    expect(monthlySaving(partnerOffer)).toBe(210)
    expect(offerFigures()).toEqual({
      price: '$390',
      regular: '$600',
      saving: '$210',
      summary: 'Business growth package at $390 per month instead of $600, saving $210 per month',
    })
  })

  it('formats whole dollars with a plain dollar sign', () => {
    expect(formatPrice(1660)).toBe('$1,660')
    expect(formatPrice(390)).not.toContain('\\')
  })
})
