import { describe, expect, it } from 'vitest'
import { stripeMode, wrongMode } from '../../supabase/functions/_shared/enterprise/stripe-mode.ts'

const read = (settings: Record<string, string>) => (name: string) => settings[name]

describe('the deployment’s Stripe mode', () => {
  it.each([
    [{ STRIPE_MODE: 'live' }, 'live', 'STRIPE_MODE'],
    [{ STRIPE_MODE: 'TEST', APP_ENV: 'production' }, 'test', 'STRIPE_MODE'],
    [{ STRIPE_SECRET_KEY: 'sk_live_abc' }, 'live', 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'rk_test_abc', APP_ENV: 'production' }, 'test', 'STRIPE_SECRET_KEY'],
    [{ APP_ENV: 'production' }, 'live', 'APP_ENV=production'],
    [{ APP_ENV: 'staging' }, undefined, expect.stringContaining('either mode')],
    [{}, undefined, expect.stringContaining('either mode')],
  ])('%o: %s', (settings, mode, source) => {
    expect(stripeMode(read(settings))).toMatchObject({ mode, source, warnings: [] })
  })

  it('warns when STRIPE_MODE and the key disagree, or STRIPE_MODE is neither mode', () => {
    expect(stripeMode(read({ STRIPE_MODE: 'live', STRIPE_SECRET_KEY: 'sk_test_abc' }))).toMatchObject({
      mode: 'live',
      warnings: [expect.stringContaining('test-mode key')],
    })
    expect(stripeMode(read({ STRIPE_MODE: 'prod', STRIPE_SECRET_KEY: 'sk_live_abc' }))).toMatchObject({
      mode: 'live',
      warnings: [expect.stringContaining('neither live nor test')],
    })
  })

  it('an event is from the wrong mode only when both modes are known and differ', () => {
    expect(wrongMode('live', false)).toBe(true)
    expect(wrongMode('test', true)).toBe(true)
    expect(wrongMode('live', true)).toBe(false)
    expect(wrongMode(undefined, false)).toBe(false)
    expect(wrongMode('live', undefined)).toBe(false)
  })
})
