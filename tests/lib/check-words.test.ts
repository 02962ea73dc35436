import { describe, expect, it } from 'vitest'
import { durationInWords } from '@/lib/duration-words'
import { pluralNoun } from '@/lib/place-type-noun'
import { checkHeadline } from '@/lib/check-headline'

describe('pluralNoun', () => {
  it('says known types as people do and makes a plural of the rest', () => {
    expect(pluralNoun('veterinary_care')).toBe('vets')
    expect(pluralNoun('veterinary_care', 1)).toBe('vet')
    expect(pluralNoun('pharmacy')).toBe('pharmacies')
    expect(pluralNoun('pharmacy', 1)).toBe('pharmacy')
    expect(pluralNoun('florist')).toBe('florists')
    expect(pluralNoun('car_wash')).toBe('car washes')
    expect(pluralNoun('car_wash', 1)).toBe('car wash')
  })
})

describe('durationInWords', () => {
  it('reads a Retry-After in words', () => {
    expect(durationInWords(20)).toBe('a minute')
    expect(durationInWords(60)).toBe('1 minute')
    expect(durationInWords(1500)).toBe('25 minutes')
    expect(durationInWords(3600)).toBe('about an hour')
    expect(durationInWords(36_000)).toBe('about 10 hours')
  })
})

describe('checkHeadline', () => {
  const place = { id: 'a', name: 'A', address: '', primaryType: 'veterinary_care', mapsUrl: 'https://maps.google.com/?cid=a' }
  it('reads rating, reviews and rank among the places of the kind', () => {
    const competitors = Array.from({ length: 9 }, (_, i) => ({ ...place, id: `c${i}`, rating: 4, reviewCount: 10 }))
    expect(checkHeadline({ business: { ...place, rating: 4.6, reviewCount: 212 }, competitors, rank: 3, radiusKm: 5 })).toBe(
      '4.6 stars, 212 reviews, #3 of 10 vets within 5 km',
    )
    expect(checkHeadline({ business: { ...place, rating: null, reviewCount: 0 }, competitors: [], rank: 1, radiusKm: 10 })).toBe(
      'No stars yet, 0 reviews, #1 of 1 vet within 10 km',
    )
    expect(checkHeadline({ business: { ...place, rating: 5, reviewCount: 1 }, competitors: [], rank: 1, radiusKm: 2 })).toBe(
      '5.0 stars, 1 review, #1 of 1 vet within 2 km',
    )
  })
})
