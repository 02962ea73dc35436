import { billingCycles, periodTotal, planById } from '../../../../src/content/plans.ts'
import type { Registration } from './registration.ts'

/** Net 14: the terms want the fees 14 days before the engagement starts. */
export const INVOICE_DAYS_UNTIL_DUE = 14
/** Invoiced on registration and due 14 days later, 14 days before the engagement starts. */
const DAYS_UNTIL_SERVICE = INVOICE_DAYS_UNTIL_DUE + 14
const DAY_MS = 86_400_000

/**
 * The invoice, one call per step; each answers what the follow-through records before the next
 * step, and rejects with StepFailed (`_shared/outbox/step-failure.ts`). Every call is idempotent per registration and step.
 */
export interface Invoicing {
  /** The registration's customer (the company): the one an earlier try created, else a new one. Its id. */
  customer(registration: Registration): Promise<string>
  /** A draft invoice, sent by e-mail and due in 14 days: the one an earlier try created, else a new one. Its id. */
  createInvoice(registration: Registration, customerId: string): Promise<string>
  /** The one line for the period total, over the service period: the one an earlier try added, else a new one. The invoice item's id. */
  addItem(registration: Registration, customerId: string, invoiceId: string): Promise<string>
  /** Finalizes the invoice unless it already is. */
  finalize(registration: Registration, invoiceId: string): Promise<void>
  /** Has Stripe e-mail the invoice while it is open. */
  send(registration: Registration, invoiceId: string): Promise<void>
}

/** 'Growth Package, Annually' */
export function invoiceLine(registration: Pick<Registration, 'plan' | 'billingCycle'>): string {
  return `${planById(registration.plan).name}, ${billingCycles[registration.billingCycle].label}`
}

/** Monthly price × 12 or × 6, in cents. */
export const invoiceAmountCents = (registration: Pick<Registration, 'plan' | 'billingCycle'>): number =>
  periodTotal(planById(registration.plan), registration.billingCycle) * 100

/**
 * The service period the invoice bills, from the registration day (so every retry asks Stripe for
 * the same one): it starts 28 days later, when the invoice sent that day has been due for 14 days,
 * and runs 12 or 6 months, its last day included. Noon UTC, so the dates read the same in any time
 * zone an invoice is shown in, from Hawaii to New Zealand.
 */
export function servicePeriod(registration: Pick<Registration, 'createdAt' | 'billingCycle'>): { start: Date; end: Date } {
  const day = registration.createdAt
  const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + DAYS_UNTIL_SERVICE, 12))
  const month = start.getUTCMonth() + billingCycles[registration.billingCycle].months
  // The next period starts on the same day of the month, or that month's last day (31 Aug → 28 Feb).
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate()
  const next = Date.UTC(start.getUTCFullYear(), month, Math.min(start.getUTCDate(), lastDay), 12)
  return { start, end: new Date(next - DAY_MS) }
}

const calendarDate = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** '15 January 2027' in `timeZone`: Stripe shows an invoice's due date in the account's zone. */
export const calendarDateText = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date)

/**
 * When an invoice finalized at `finalizedAt` falls due: Stripe adds `days_until_due` whole days to
 * the finalization time. The welcome e-mail goes out just before the invoice is finalized, so its date matches.
 */
export const invoiceDueDate = (finalizedAt: Date) => new Date(finalizedAt.getTime() + INVOICE_DAYS_UNTIL_DUE * DAY_MS)

/** The reference the customer quotes: the registration id's first 8 hex digits, 'A1B2C3D4'. */
export const invoiceReference = (registration: Pick<Registration, 'id'>) => registration.id.replace(/-/g, '').slice(0, 8).toUpperCase()

/** '1 January 2027 to 31 December 2027' */
export function servicePeriodText(registration: Pick<Registration, 'createdAt' | 'billingCycle'>): string {
  const { start, end } = servicePeriod(registration)
  return `${calendarDate.format(start)} to ${calendarDate.format(end)}`
}
