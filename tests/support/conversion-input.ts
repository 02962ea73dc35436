import type { Attribution, ConversionInput } from '../../supabase/functions/_shared/conversions/conversion.ts'

const HOUR = 60 * 60 * 1000

/** A granted visitor who clicked both platforms' ads an hour before a lead at `at` (default now). */
export function conversionInput(overrides: Partial<ConversionInput> = {}, attribution: Partial<Attribution> = {}): ConversionInput {
  const at = overrides.at ?? new Date()
  return {
    kind: 'lead',
    dedupKey: 'lead:2f8e0b9c-1d6a-4f3e-9b7a-5c4d3e2f1a0b',
    at,
    email: 'Jane.Doe+ads@gmail.com',
    phone: '0412 345 678',
    sourceUrl: 'https://agency.example/reviews?platform=google&keyword=reviews',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    ...overrides,
    attribution: {
      platform: 'google',
      keyword: 'reviews',
      clickIds: { gclid: 'Cj0KCQiA-gclid_Value', fbclid: 'IwAR2F4-dbP0l7Mn1Iaw' },
      clickAt: at.getTime() - HOUR,
      landingUrl: 'https://agency.example/reviews?platform=google&keyword=reviews',
      consent: {
        asked: true,
        source: 'banner',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
      ...attribution,
    },
  }
}
