import { billingCycles, periodTotal, planById } from '../../../../src/content/plans.ts'
import type { Registration } from './registration.ts'

/** Net 14: the terms want the fees 14 days before the engagement starts. */
export const INVOICE_DAYS_UNTIL_DUE = 14

/**
 * The invoice, one call per step; each answers what the follow-through records before the next
 * step, and rejects with StepFailed (`_shared/outbox/step-failure.ts`). Every call is idempotent per registration and step.
 */
export interface Invoicing {
  /** The registration's customer: the one an earlier try created, else a new one. Its id. */
  customer(registration: Registration): Promise<string>
  /** A draft invoice, sent by e-mail and due in 14 days. Its id. */
  createInvoice(registration: Registration, customerId: string): Promise<string>
  /** The one line for the period total. The invoice item's id. */
  addItem(registration: Registration, customerId: string, invoiceId: string): Promise<string>
  finalize(registration: Registration, invoiceId: string): Promise<void>
  send(registration: Registration, invoiceId: string): Promise<void>
}

/** 'Growth Package, Annually' */
export function invoiceLine(registration: Pick<Registration, 'plan' | 'billingCycle'>): string {
  return `${planById(registration.plan).name}, ${billingCycles[registration.billingCycle].label}`
}

/** Monthly price × 12 or × 6, in cents. */
export const invoiceAmountCents = (registration: Pick<Registration, 'plan' | 'billingCycle'>): number =>
  periodTotal(planById(registration.plan), registration.billingCycle) * 100
