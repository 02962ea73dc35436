export declare const STRIPE_KEY: string

export type StripeOperation =
  | 'customers.create'
  | 'customers.list'
  | 'invoices.create'
  | 'invoices.retrieve'
  | 'invoiceitems.create'
  | 'invoices.finalize'
  | 'invoices.send'

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

export type FakeCustomer = { id: string; email: string | null; name: string | null; metadata: Record<string, string> }
export type FakeInvoice = {
  id: string
  customer: string
  status: 'draft' | 'open'
  collection_method: string
  days_until_due: number | null
  due_date: number | null
  currency: string
  description: string | null
  metadata: Record<string, string>
  auto_advance: boolean
  amount_due: number
  lines: { data: { amount: number; currency: string; description: string | null }[] }
}
export type FakeInvoiceItem = {
  id: string
  amount: number
  currency: string
  invoice: string
  customer: string
  description: string | null
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
  /** The invoices whose metadata.registration_id is this one, and how many times each was sent. */
  invoicesFor(registrationId: string): (FakeInvoice & { sends: number })[]
  customersFor(registrationId: string): FakeCustomer[]
  /** The next `count` calls of `operation` fail with `fault` (default 'http-500'). */
  failNext(operation: StripeOperation, count?: number, fault?: StripeFault): void
  /** Forgets every object, key and queued fault. */
  clear(): void
  close(): Promise<void>
}

export declare function startFakeStripe(options?: FakeStripeOptions): Promise<FakeStripe>
