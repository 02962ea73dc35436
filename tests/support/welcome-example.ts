import type { Registration } from '../../supabase/functions/_shared/enterprise/registration.ts'
import { welcomeSettings } from '../../supabase/functions/_shared/enterprise/welcome-settings.ts'

/** A confirmed registration whose company and name carry markup and a URL, as a visitor may type them. */
export const welcomeRegistration = (overrides: Partial<Registration> = {}): Registration => ({
  id: '6a1b2c3d-0000-4000-8000-000000000001',
  submissionId: 'a',
  createdAt: new Date('2026-11-26T23:05:00Z'),
  claimToken: null,
  attempts: 0,
  claimedUntil: null,
  lastError: null,
  failureReason: null,
  name: 'Jane <b>Doe</b>',
  email: 'jane@acme.example',
  phone: '+61422470721',
  companyName: 'Acme & Co <a href="https://evil.example">www.evil.example</a>',
  fullAddress: '1 George St, Sydney NSW 2000',
  seats: '25',
  plan: 'growth',
  billingCycle: 'quarterly',
  overDailyCap: false,
  verified: true,
  boardItemId: '9100',
  boardNoteSentAt: new Date(),
  salesAlertSentAt: new Date(),
  salesAlertChannels: [],
  confirmationSentAt: null,
  confirmSlotAt: new Date(),
  confirmLimitedAt: null,
  confirmLinkIssuedAt: new Date(),
  confirmRequestSentAt: new Date(),
  emailConfirmedAt: new Date('2026-11-26T23:30:00Z'),
  confirmedNoteAt: null,
  stripeCustomerId: null,
  stripeInvoiceId: null,
  invoiceItemId: null,
  invoiceFinalizedAt: null,
  invoiceSentAt: null,
  ...overrides,
})

export const WELCOME_ENV: Record<string, string> = {
  APP_ENV: 'production',
  ENTERPRISE_SUPPORT_PHONE: '02 8000 1234',
  SITE_URL: 'https://www.reviewlift.com.au/',
  INVOICE_FROM_EMAIL: 'invoices@reviewlift.com.au',
  BUSINESS_NAME: 'ReviewLift Pty Ltd',
  BUSINESS_NUMBER: '12 345 678 901',
  BUSINESS_ADDRESS: 'Level 2, 1 George Street, Sydney NSW 2000',
}

export const welcomeExampleSettings = (change: Record<string, string | undefined> = {}) =>
  welcomeSettings((name) => ({ ...WELCOME_ENV, ...change })[name])

/** The welcome e-mail goes out at confirmation, just before the invoice is finalized. */
export const WELCOME_SENT_AT = new Date('2026-11-26T23:31:00Z')
