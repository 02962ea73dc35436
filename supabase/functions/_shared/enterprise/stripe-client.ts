import Stripe from 'stripe'
import type { StepFailure } from '../outbox/step-failure.ts'

/** How the functions reach Stripe: the key, `STRIPE_API_URL` (tests' fake) and a timeout within the claim's lease. */
export type StripeConnection = { secretKey: string; apiUrl: string | undefined; timeoutMs: number }

/** `STRIPE_API_URL` (tests) as the SDK's host, port and protocol. */
function endpoint(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}

/** The SDK's fetch build; the outbox retries with backoff, so the SDK does not. */
export function stripeClient(connection: StripeConnection): Stripe {
  return new Stripe(connection.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    // The outbox retries with backoff; the SDK still retries a dropped connection once, with the same key.
    maxNetworkRetries: 0,
    timeout: connection.timeoutMs,
    ...endpoint(connection.apiUrl),
  })
}

/** Connection trouble, 5xx and 429 are passing; a refusal (key, parameters) needs a person, after MAX_ATTEMPTS. */
export function stripeFailure(error: unknown, call: string): StepFailure {
  if (!(error instanceof Stripe.errors.StripeError)) return { reason: 'invoice', detail: `${call}: ${String(error)}` }
  const detail = `${call}: ${error.statusCode ? `HTTP ${error.statusCode} ` : ''}${error.type} ${error.message}`
  if (error instanceof Stripe.errors.StripeConnectionError)
    return { reason: /timeout/i.test(error.message) ? 'timeout' : 'network', detail }
  if (error instanceof Stripe.errors.StripeRateLimitError) return { reason: 'rate-limited', detail }
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return { reason: 'auth', detail }
  return { reason: (error.statusCode ?? 500) >= 500 ? 'http' : 'refused', detail }
}
