import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RESEND_TIMEOUT_MS,
  DEFAULT_STRIPE_TIMEOUT_MS,
  enterpriseConfig,
} from '../../supabase/functions/_shared/enterprise/config.ts'

// enterprise-followup's own settings: Stripe's and Resend's timeouts apart from the board's, and the invoice's.
const reading = (values: Record<string, string>) => (name: string) => values[name]
const LEASE_MS = 60_000

describe('enterpriseConfig', () => {
  it("gives Stripe 20 s and Resend 10 s, not the board's 4 s, both inside the claim lease", () => {
    const config = enterpriseConfig(LEASE_MS, reading({ STRIPE_SECRET_KEY: 'sk_live_x', BOARD_TIMEOUT_MS: '4000' }))
    expect(config.stripe?.timeoutMs).toBe(DEFAULT_STRIPE_TIMEOUT_MS)
    expect(config.resendTimeoutMs).toBe(DEFAULT_RESEND_TIMEOUT_MS)
    expect([DEFAULT_STRIPE_TIMEOUT_MS, DEFAULT_RESEND_TIMEOUT_MS]).toEqual([20_000, 10_000])
    expect(DEFAULT_STRIPE_TIMEOUT_MS + DEFAULT_RESEND_TIMEOUT_MS).toBeLessThan(LEASE_MS)
    expect(config.warnings).toEqual([])
  })

  it('cuts a timeout longer than half the lease to it, and says so', () => {
    const config = enterpriseConfig(
      LEASE_MS,
      reading({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_TIMEOUT_MS: '80000', RESEND_TIMEOUT_MS: 'soon' }),
    )
    expect(config.stripe?.timeoutMs).toBe(30_000)
    expect(config.resendTimeoutMs).toBe(DEFAULT_RESEND_TIMEOUT_MS)
    expect(config.warnings).toEqual([
      'STRIPE_TIMEOUT_MS=80000 is more than half the claim lease (60000 ms): using 30000',
      'RESEND_TIMEOUT_MS=soon is not a number of milliseconds: using 10000',
    ])
  })

  it("reads the invoice's footer, business number (labelled ABN unless told) and tax rate; without a key, no Stripe", () => {
    const config = enterpriseConfig(
      LEASE_MS,
      reading({
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_API_URL: 'http://127.0.0.1:1',
        INVOICE_FOOTER: 'Agency Pty Ltd',
        BUSINESS_NUMBER: '12 345 678 901',
        STRIPE_TAX_RATE_ID: 'txr_gst',
      }),
    )
    expect(config.stripe).toEqual({
      secretKey: 'sk_live_x',
      apiUrl: 'http://127.0.0.1:1',
      timeoutMs: DEFAULT_STRIPE_TIMEOUT_MS,
      invoice: { footer: 'Agency Pty Ltd', businessNumber: { label: 'ABN', value: '12 345 678 901' }, taxRateId: 'txr_gst' },
    })
    expect(
      enterpriseConfig(LEASE_MS, reading({ STRIPE_SECRET_KEY: 'sk', BUSINESS_NUMBER: '1', BUSINESS_NUMBER_LABEL: 'NZBN' })).stripe?.invoice,
    ).toEqual({ footer: undefined, businessNumber: { label: 'NZBN', value: '1' }, taxRateId: undefined })
    expect(enterpriseConfig(LEASE_MS, reading({})).stripe).toBeUndefined()
  })
})
