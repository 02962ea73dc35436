import type { InvoiceSettings, StripeSettings } from './stripe-invoicing.ts'
import { workerNames, workerSettings, type WorkerSettings } from '../outbox/worker-settings.ts'

/**
 * Stripe's Node SDK waits 80 s for an answer by default, longer than a claim's 60 s lease, and its
 * README sets 20 s as its example of a shorter one. Invoice calls answer in well under a second,
 * so 20 s lets a slow Stripe finish (a call cut short may have taken effect: the retry must then
 * find it) while a hang still ends the attempt inside the lease.
 */
export const DEFAULT_STRIPE_TIMEOUT_MS = 20_000
/**
 * Resend's Node SDK sets no timeout of its own (fetch waits as long as the platform lets it), and
 * `POST /emails` answers in well under a second: 10 s, so the e-mail step and the invoice's calls
 * after it fit in one lease.
 */
export const DEFAULT_RESEND_TIMEOUT_MS = 10_000
/** The label the business number is shown under on the invoice; an Australian business's is its ABN. */
export const DEFAULT_BUSINESS_NUMBER_LABEL = 'ABN'

export type EnterpriseConfig = {
  /** Stripe, when STRIPE_SECRET_KEY is set. */
  stripe: StripeSettings | undefined
  resendTimeoutMs: number
  /** Settings ignored, for the function to log at start. */
  warnings: string[]
}

/**
 * Settings of enterprise-followup's own services (Stripe, the registrant's e-mail), apart from the
 * board's, from `read` (the function's `env`: trimmed, blank as unset). A timeout longer than half
 * the claim lease is cut to it, so a hung call ends the attempt while the claim still holds.
 */
export function enterpriseConfig(leaseMs: number, read: (name: string) => string | undefined): EnterpriseConfig {
  const warnings: string[] = []
  const timeout = (name: string, fallback: number): number => {
    const raw = read(name)
    const value = raw === undefined ? fallback : Number(raw)
    if (!Number.isInteger(value) || value <= 0) {
      warnings.push(`${name}=${raw} is not a number of milliseconds: using ${fallback}`)
      return Math.min(fallback, Math.floor(leaseMs / 2))
    }
    if (value > leaseMs / 2) {
      warnings.push(`${name}=${value} is more than half the claim lease (${leaseMs} ms): using ${Math.floor(leaseMs / 2)}`)
      return Math.floor(leaseMs / 2)
    }
    return value
  }
  const secretKey = read('STRIPE_SECRET_KEY')
  const businessNumber = read('BUSINESS_NUMBER')
  const invoice: InvoiceSettings = {
    footer: read('INVOICE_FOOTER'),
    businessNumber:
      businessNumber === undefined
        ? undefined
        : { label: read('BUSINESS_NUMBER_LABEL') ?? DEFAULT_BUSINESS_NUMBER_LABEL, value: businessNumber },
    taxRateId: read('STRIPE_TAX_RATE_ID'),
  }
  const stripeTimeoutMs = timeout('STRIPE_TIMEOUT_MS', DEFAULT_STRIPE_TIMEOUT_MS)
  return {
    stripe: secretKey ? { secretKey, apiUrl: read('STRIPE_API_URL'), timeoutMs: stripeTimeoutMs, invoice } : undefined,
    resendTimeoutMs: timeout('RESEND_TIMEOUT_MS', DEFAULT_RESEND_TIMEOUT_MS),
    warnings,
  }
}

/**
 * The payment events' worker (`webhook-events`): PAYMENTS_LEASE_MS (60 s: Stripe's reads, each within
 * STRIPE_TIMEOUT_MS, cut to half the lease), PAYMENTS_BACKOFF_BASE_MS (30 s) doubling to
 * PAYMENTS_BACKOFF_MAX_MS (1 h), PAYMENTS_MAX_ATTEMPTS (10). It read the bookings' BOOKINGS_BACKOFF_*
 * before; it reads none of them now.
 */
export function paymentsWorker(read: (name: string) => string | undefined): WorkerSettings {
  return workerSettings(read, { names: workerNames('PAYMENTS'), leaseMs: 60_000 })
}
