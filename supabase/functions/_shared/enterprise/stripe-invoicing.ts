import type Stripe from 'stripe'
import { withoutInvisible } from '../../../../src/schemas/visitor-text.ts'
import type { Registration } from './registration.ts'
import { StepFailed } from '../outbox/step-failure.ts'
import { stripeClient, stripeFailure } from './stripe-client.ts'
import {
  INVOICE_DAYS_UNTIL_DUE,
  invoiceAmountCents,
  invoiceLine,
  invoiceReference,
  servicePeriod,
  servicePeriodText,
  type Invoicing,
} from './invoicing.ts'

/** What the agency's invoices carry (docs/enterprise.md, 'Invoice settings'); each is optional. */
export type InvoiceSettings = {
  /** INVOICE_FOOTER: the terms and the agency's contact, under every invoice. */
  footer: string | undefined
  /** BUSINESS_NUMBER, shown as a custom field under BUSINESS_NUMBER_LABEL (default 'ABN'). */
  businessNumber: { label: string; value: string } | undefined
  /** STRIPE_TAX_RATE_ID: a tax rate made in Stripe (GST), applied to the line. */
  taxRateId: string | undefined
}

export type StripeSettings = { secretKey: string; apiUrl: string | undefined; timeoutMs: number; invoice: InvoiceSettings }

/** What the registrant typed, without invisible characters: Stripe shows it on the customer and the invoice as it is. */
const visible = (registration: Registration): Registration => ({
  ...registration,
  companyName: withoutInvisible(registration.companyName),
  name: withoutInvisible(registration.name),
  email: withoutInvisible(registration.email),
  fullAddress: withoutInvisible(registration.fullAddress),
})

/** Stripe's limits on a custom field: a name up to 40 characters, a value up to 140. */
const customField = (name: string, value: string) => ({ name: name.slice(0, 40), value: value.slice(0, 140) })

/** Stripe through its SDK; each call's Idempotency-Key is `enterprise/<registration id>/<step>`. */
export function stripeInvoicing(settings: StripeSettings): Invoicing {
  const stripe = stripeClient(settings)
  const key = (registration: Registration, step: string) => ({ idempotencyKey: `enterprise/${registration.id}/${step}` })

  async function call<T>(name: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw new StepFailed(stripeFailure(error, name))
    }
  }

  /** The first listed object that names the registration, every page read (lists are read-after-write; search is not). */
  async function findMine<T extends { metadata?: Stripe.Metadata | null }>(
    name: string,
    registration: Registration,
    list: () => AsyncIterable<T>,
  ): Promise<T | undefined> {
    return call(name, async () => {
      for await (const object of list()) if (object.metadata?.registration_id === registration.id) return object
      return undefined
    })
  }

  const status = async (invoiceId: string) => (await call('invoice lookup', () => stripe.invoices.retrieve(invoiceId))).status

  return {
    // Each create is preceded by a look-up by metadata.registration_id: an earlier try may have made
    // the object and lost the answer more than a day ago, after Stripe forgot its key.
    async customer(typed) {
      const registration = visible(typed)
      const found = await findMine('customer lookup', registration, () => stripe.customers.list({ email: registration.email, limit: 100 }))
      if (found) return found.id
      const created = await call('customer', () =>
        stripe.customers.create(
          {
            // The company is billed; its accounts team reads the contact person on the invoice.
            name: registration.companyName,
            email: registration.email,
            address: { line1: registration.fullAddress },
            invoice_settings: { custom_fields: [customField('Contact', registration.name)] },
            metadata: { company: registration.companyName, contact: registration.name, registration_id: registration.id },
          },
          key(registration, 'customer'),
        ),
      )
      return created.id
    },

    async createInvoice(typed, customerId) {
      const registration = visible(typed)
      const found = await findMine('invoice lookup', registration, () => stripe.invoices.list({ customer: customerId, limit: 100 }))
      if (found) return found.id
      const { footer, businessNumber } = settings.invoice
      const invoice = await call('invoice', () =>
        stripe.invoices.create(
          {
            customer: customerId,
            collection_method: 'send_invoice',
            days_until_due: INVOICE_DAYS_UNTIL_DUE,
            currency: 'usd',
            auto_advance: false,
            description: `Enterprise plan for ${registration.companyName}: ${invoiceLine(registration)}`,
            // The welcome e-mail quotes the same reference.
            custom_fields: [
              customField('Reference', invoiceReference(registration)),
              customField('Contact', registration.name),
              ...(businessNumber ? [customField(businessNumber.label, businessNumber.value)] : []),
            ],
            ...(footer ? { footer } : {}),
            metadata: { registration_id: registration.id, reference: invoiceReference(registration) },
          },
          key(registration, 'invoice'),
        ),
      )
      return invoice.id
    },

    async addItem(registration, customerId, invoiceId) {
      const found = await findMine('invoice line lookup', registration, () => stripe.invoices.listLineItems(invoiceId, { limit: 100 }))
      if (found) return found.parent?.invoice_item_details?.invoice_item ?? found.id
      const period = servicePeriod(registration)
      const { taxRateId } = settings.invoice
      const item = await call('invoice item', () =>
        stripe.invoiceItems.create(
          {
            customer: customerId,
            invoice: invoiceId,
            amount: invoiceAmountCents(registration),
            currency: 'usd',
            description: `${invoiceLine(registration)}, ${servicePeriodText(registration)}`,
            period: { start: Math.floor(period.start.getTime() / 1000), end: Math.floor(period.end.getTime() / 1000) },
            ...(taxRateId ? { tax_rates: [taxRateId] } : {}),
            metadata: { registration_id: registration.id },
          },
          key(registration, 'invoice-item'),
        ),
      )
      return item.id
    },

    // Finalize and send read the invoice first, every time: an earlier try may have done the step and
    // lost the answer, and a second finalize is refused.
    async finalize(registration, invoiceId) {
      if ((await status(invoiceId)) !== 'draft') return
      await call('finalize', () => stripe.invoices.finalizeInvoice(invoiceId, { auto_advance: false }, key(registration, 'finalize')))
    },

    async send(registration, invoiceId) {
      const now = await status(invoiceId)
      if (now === 'paid') return
      if (now !== 'open')
        throw new StepFailed({
          reason: 'refused',
          detail: `send: invoice ${invoiceId} is ${now ?? 'gone'}, not open: see it in the Stripe Dashboard`,
        })
      await call('send', () => stripe.invoices.sendInvoice(invoiceId, {}, key(registration, 'send')))
    },
  }
}
