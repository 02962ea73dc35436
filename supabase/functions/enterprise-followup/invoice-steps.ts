import type { Invoicing } from '../_shared/enterprise/invoicing.ts'
import type { StepColumns } from '../_shared/enterprise/registration.ts'
import { record, type Claim, type FollowupDeps } from './followup-deps.ts'

/** Customer, invoice, its line, finalized, sent: each id or time recorded before the next call. */
export async function invoiceSteps(registration: Claim, invoicing: Invoicing, deps: FollowupDeps): Promise<void> {
  const step = (columns: StepColumns) => record(registration, columns, deps)
  let customerId = registration.stripeCustomerId
  if (!customerId) {
    customerId = await invoicing.customer(registration)
    await step({ stripe_customer_id: customerId })
  }
  let invoiceId = registration.stripeInvoiceId
  if (!invoiceId) {
    invoiceId = await invoicing.createInvoice(registration, customerId)
    await step({ stripe_invoice_id: invoiceId })
  }
  if (!registration.invoiceItemId) await step({ invoice_item_id: await invoicing.addItem(registration, customerId, invoiceId) })
  if (!registration.invoiceFinalizedAt) {
    await invoicing.finalize(registration, invoiceId)
    await step({ invoice_finalized_at: deps.now() })
  }
  if (!registration.invoiceSentAt) {
    await invoicing.send(registration, invoiceId)
    await step({ invoice_sent_at: deps.now() })
  }
}
