import { describe, expect, it } from 'vitest'
import { formatPrice, monthlySaving, offerFigures, partnerOffer } from '@/content/partner-offer'

describe('partner offer', () => {
  it('is the business growth package at US$390 instead of US$600, saving US$210 (SPEC §1, §9)', () => {
    expect(partnerOffer.monthlyPrice).toBe(390)
    expect(partnerOffer.regularPrice).toBe(600)
    expect(monthlySaving(partnerOffer)).toBe(210)
    expect(offerFigures()).toEqual({
      price: 'US$390',
      regular: 'US$600',
      saving: 'US$210',
      summary: 'Business growth package at US$390 per month instead of US$600, saving US$210 per month',
    })
  })

  it('formats whole US dollars as US$, which no one takes for Australian dollars', () => {
    expect(formatPrice(1660)).toBe('US$1,660')
    expect(formatPrice(390)).not.toContain('\\')
  })
})
