export declare const STRIPE_KEY: string
/** Stripe prunes an idempotency key once it is at least this old (24 h). */
export declare const KEY_LIFETIME_MS: number

export type StripeOperation =
  | 'customers.create'
  | 'customers.list'
  | 'invoices.create'
  | 'invoices.list'
  | 'invoices.retrieve'
  | 'invoices.lines'
  | 'invoiceitems.create'
  | 'invoices.finalize'
  | 'invoices.send'
  | 'invoicePayments.list'
  | 'taxRates.retrieve'

/**
 * - `http-500`, `rate-limited` (429): refused before the endpoint runs: nothing is done and nothing is
 *   kept under the Idempotency-Key, so a retry with the same key runs the call.
 * - `succeed-hang`: the call takes effect (and its answer is kept under the key), then no answer
 *   ever comes: the client's timeout fires.
 * - `succeed-lost`: the call takes effect, then the connection drops.
 */
export type StripeFault = 'http-500' | 'rate-limited' | 'succeed-hang' | 'succeed-lost'

export type FakeStripeOptions = {
  /** Every answer waits this long (default 0). */
  latencyMs?: number
  /** The share of calls (0..1) that fail with a fault drawn from `faults` (default 0). */
  failShare?: number
  /** Draws for `failShare` and the fault; pass a seeded one for a reproducible run (default Math.random). */
  random?: () => number
  /** The faults `failShare` draws from (default ['http-500']). */
  faults?: StripeFault[]
}

type Address = {
  line1: string | null
  line2: string | null
  city: string | null
  state: string | null
  postal_code: string | null
  country: string | null
}
export type FakeCustomField = { name: string; value: string }
export type FakeCustomer = {
  id: string
  email: string | null
  name: string | null
  address: Address | null
  invoice_settings: { custom_fields: FakeCustomField[] | null; footer: string | null }
  metadata: Record<string, string>
}
export type FakeTaxRate = { id: string; active: boolean; display_name: string; percentage: number; inclusive: boolean; country: string }
export type FakeLine = {
  id: string
  amount: number
  currency: string
  description: string | null
  metadata: Record<string, string>
  period: { start: number; end: number }
  parent: { type: 'invoice_item_details'; invoice_item_details: { invoice_item: string } }
  taxes: { amount: number; tax_behavior: 'inclusive' | 'exclusive'; tax_rate_details: { tax_rate: string } }[]
}
export type FakeInvoice = {
  id: string
  customer: string
  customer_name: string | null
  customer_address: Address | null
  status: 'draft' | 'open'
  collection_method: string
  days_until_due: number | null
  due_date: number | null
  currency: string
  description: string | null
  custom_fields: FakeCustomField[] | null
  footer: string | null
  metadata: Record<string, string>
  auto_advance: boolean
  subtotal: number
  total: number
  total_excluding_tax: number
  amount_due: number
  lines: { data: FakeLine[]; has_more: boolean }
}
export type FakeInvoiceItem = {
  id: string
  amount: number
  currency: string
  invoice: string
  customer: string
  description: string | null
  period: { start: number; end: number }
  tax_rates: FakeTaxRate[]
}

export interface FakeStripe {
  /** The API base, for `STRIPE_API_URL`. */
  url: string
  /** Every call, in order; `replayed` when answered from the Idempotency-Key. */
  requests: {
    operation: StripeOperation | undefined
    method: string
    path: string
    idempotencyKey: string | undefined
    replayed: boolean
  }[]
  /** Calls that took effect and were left unanswered ('hang': never; 'lost': the connection dropped). */
  lostAnswers: {
    operation: StripeOperation
    idempotencyKey: string | undefined
    registrationId: string | undefined
    how: 'hang' | 'lost'
  }[]
  /** Takes `share` of the successful calls of `operations` (default every POST), then leaves them unanswered. */
  unanswered(options: { share: number; random?: () => number; operations?: StripeOperation[] } | null): void
  customers: Map<string, FakeCustomer>
  invoices: Map<string, unknown>
  invoiceItems: Map<string, FakeInvoiceItem>
  taxRates: Map<string, FakeTaxRate>
  /** The invoices whose metadata.registration_id is this one, and how many times each was sent. */
  invoicesFor(registrationId: string): (FakeInvoice & { sends: number })[]
  customersFor(registrationId: string): FakeCustomer[]
  /** An active tax rate, as made in the Dashboard (default GST 10%, exclusive, AU; a fresh id unless given). */
  addTaxRate(rate?: { id?: string; displayName?: string; percentage?: number; inclusive?: boolean; country?: string }): FakeTaxRate
  /** The customer pays an open invoice: it is paid, by a new PaymentIntent and charge (their ids), for `amount` (default what is due). */
  payInvoice(invoiceId: string, options?: { amount?: number }): { paymentIntent: string; charge: string; amount: number }
  /** Moves the fake's clock forward: what it creates is dated later, and a key older than KEY_LIFETIME_MS is forgotten. */
  advanceClock(ms: number): void
  /** The next `count` calls of `operation` fail with `fault` (default 'http-500'). */
  failNext(operation: StripeOperation, count?: number, fault?: StripeFault): void
  /** Forgets every object, tax rate, key and queued fault, and sets the clock back to now. */
  clear(): void
  close(): Promise<void>
}

export declare function startFakeStripe(options?: FakeStripeOptions): Promise<FakeStripe>
