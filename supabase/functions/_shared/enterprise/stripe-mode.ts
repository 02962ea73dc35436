/** Stripe's two modes: every event says which it comes from (`livemode`). */
export type StripeMode = 'live' | 'test'

export type StripeModeSetting = {
  /** The mode this deployment's events must come from; undefined: either is taken (a local run). */
  mode: StripeMode | undefined
  /** Where the mode came from, for the log at start. */
  source: string
  warnings: string[]
}

const keyMode = (key: string | undefined): StripeMode | undefined =>
  key && /^(sk|rk)_live_/.test(key) ? 'live' : key && /^(sk|rk)_test_/.test(key) ? 'test' : undefined

/**
 * The deployment's Stripe mode (docs/enterprise.md, 'Live and test mode'): `STRIPE_MODE` (live or
 * test) when set, else the mode of `STRIPE_SECRET_KEY` (`sk_live_`/`rk_live_`, `sk_test_`/`rk_test_`),
 * else live under `APP_ENV=production`. A production deployment thus never takes a test-mode event
 * for a real one, even with no key set. `read` is the function's `env` (trimmed, blank as unset).
 */
export function stripeMode(read: (name: string) => string | undefined): StripeModeSetting {
  const warnings: string[] = []
  const explicit = read('STRIPE_MODE')?.toLowerCase()
  const fromKey = keyMode(read('STRIPE_SECRET_KEY'))
  if (explicit === 'live' || explicit === 'test') {
    if (fromKey && fromKey !== explicit)
      warnings.push(`STRIPE_MODE=${explicit} but STRIPE_SECRET_KEY is a ${fromKey}-mode key: events are taken from ${explicit} mode only`)
    return { mode: explicit, source: 'STRIPE_MODE', warnings }
  }
  if (explicit) warnings.push(`STRIPE_MODE=${explicit} is neither live nor test: ignored`)
  if (fromKey) return { mode: fromKey, source: 'STRIPE_SECRET_KEY', warnings }
  if (read('APP_ENV') === 'production') return { mode: 'live', source: 'APP_ENV=production', warnings }
  return { mode: undefined, source: 'no STRIPE_MODE, STRIPE_SECRET_KEY or APP_ENV=production: events of either mode are taken', warnings }
}

/** True when the event's mode is known and is not the deployment's: it must change nothing. */
export function wrongMode(expected: StripeMode | undefined, livemode: boolean | undefined): boolean {
  if (expected === undefined || livemode === undefined) return false
  return (livemode ? 'live' : 'test') !== expected
}
