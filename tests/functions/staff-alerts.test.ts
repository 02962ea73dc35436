import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emailText } from '../../supabase/functions/_shared/alerts/links.ts'
import { newLeadMessage } from '../../supabase/functions/_shared/alerts/new-lead.ts'
import { failedAlert, salesAlert } from '../../supabase/functions/_shared/enterprise/messages.ts'
import { paidAlert } from '../../supabase/functions/_shared/enterprise/payment.ts'
import type { Registration } from '../../supabase/functions/_shared/enterprise/registration.ts'

const OPS = { environment: 'staging', runbookBase: 'https://github.com/agency/site/blob/main/docs' }
const BOARD = 'https://agency.monday.com/boards/1234/pulses/9100'

const registration = (overrides: Partial<Registration> = {}): Registration => ({
  id: '6a1b2c3d-0000-4000-8000-000000000001',
  submissionId: 'a',
  createdAt: new Date('2026-11-26T23:05:00Z'),
  claimToken: null,
  attempts: 8,
  claimedUntil: null,
  lastError: null,
  failureReason: null,
  name: 'Jane Doe',
  email: 'jane@acme.example',
  phone: '+61422470721',
  companyName: 'Acme Pty Ltd',
  fullAddress: '1 George St, Sydney NSW 2000',
  seats: '25',
  plan: 'growth',
  billingCycle: 'quarterly',
  overDailyCap: false,
  verified: true,
  boardItemId: '9100',
  boardNoteSentAt: null,
  salesAlertSentAt: new Date(),
  salesAlertChannels: [],
  confirmationSentAt: new Date(),
  confirmSlotAt: new Date(),
  confirmLimitedAt: null,
  confirmLinkIssuedAt: new Date(),
  confirmRequestSentAt: new Date(),
  emailConfirmedAt: new Date(),
  confirmedNoteAt: new Date(),
  stripeCustomerId: 'cus_1',
  stripeInvoiceId: 'in_1Q2w3E',
  invoiceItemId: 'ii_1',
  invoiceFinalizedAt: new Date(),
  invoiceSentAt: null,
  ...overrides,
})

beforeEach(() => {
  const settings: Record<string, string> = { MONDAY_ACCOUNT_SLUG: 'agency', MONDAY_BOARD_ID: '1234', STRIPE_SECRET_KEY: 'sk_test_x' }
  vi.stubGlobal('Deno', { env: { get: (name: string) => settings[name] } })
})
afterEach(() => vi.unstubAllGlobals())

describe('sales messages: contact details and links, no commands', () => {
  it('the enterprise registration links its board item and its invoice, and the phone is one tap', () => {
    const { text } = salesAlert(registration(), { confirm: 'confirmed', invoice: true })('slack')
    expect(text).toContain('Contact: Jane Doe, <tel:+61422470721|0422 470 721>, <mailto:jane@acme.example|jane@acme.example>')
    expect(text).toContain(`<${BOARD}|Open on the board>`)
    expect(text).toContain('Invoice: <https://dashboard.stripe.com/test/invoices/in_1Q2w3E|in_1Q2w3E>')
    expect(text).not.toMatch(/select |supabase /)
  })

  it('the paid alert shows the invoice number, linked to the invoice in the live dashboard, and the board item', () => {
    const payment = {
      invoiceId: 'in_1Q2w3E',
      invoiceNumber: 'ACME-0001',
      livemode: true,
      paidAt: new Date(),
      amountPaid: 3540000,
      currency: 'usd',
    }
    const { text } = paidAlert(registration(), payment)('plain')
    expect(text).toContain('Invoice ACME-0001: https://dashboard.stripe.com/invoices/in_1Q2w3E: US$35,400 paid')
    expect(text).toContain(`Open on the board: ${BOARD}`)
    expect(text).not.toMatch(/\bin_1Q2w3E,/)
  })

  it('a new lead: name, business, page and campaign, a tap to call and a tap to the board', () => {
    const lead = {
      submissionId: 's-1',
      name: 'Ada Lovelace',
      phone: '0412345678',
      business: '1 Analytical St',
      sourceLabel: 'Pricing',
      sourcePath: '/pricing',
      platform: 'google',
      keyword: 'vet reviews',
      boardItemId: '9100',
    }
    expect(newLeadMessage(lead)('slack').text).toBe(
      [
        '*New lead: Ada Lovelace*',
        'Business: 1 Analytical St',
        'Page: Pricing (/pricing), campaign: google, vet reviews',
        'Phone: <tel:+61412345678|0412 345 678>',
        `<${BOARD}|Open on the board>`,
      ].join('\n'),
    )
  })
})

describe('ops messages: environment, what already happened, the next step, the runbook', () => {
  it('the enterprise failure says the confirmation went out and the invoice is finalized but not sent', () => {
    const { subject, text } = failedAlert(registration(), 'timeout: Stripe did not answer', OPS)('plain')
    expect(subject).toBe('[staging] Enterprise registration failed: Acme Pty Ltd')
    expect(text).toContain('Already happened: on the board, sales told, confirmation e-mail sent, invoice finalized but not sent.')
    expect(text).toContain('Next step: fix the cause (the error above), then run `select retry_failed_enterprise_registrations();`')
    expect(text).toContain(
      'Runbook: enterprise.md#send-a-failed-registration-again: https://github.com/agency/site/blob/main/docs/enterprise.md#send-a-failed-registration-again',
    )
    const early = failedAlert(
      registration({ boardItemId: null, confirmationSentAt: null, stripeInvoiceId: null, invoiceFinalizedAt: null }),
      'x',
      OPS,
    )
    expect(early('plain').text).toContain('Already happened: not on the board, sales told, no confirmation e-mail, no invoice.')
    expect(early('plain').text).toContain('Not on the board yet')
  })
})

describe('staff tap to reply: an e-mail address is a mailto link we write ourselves', () => {
  it('a valid address is one tap in chat and the bare address in an e-mail', () => {
    expect(emailText('jane.doe@harbourdental.example', 'slack')).toBe(
      '<mailto:jane.doe@harbourdental.example|jane.doe@harbourdental.example>',
    )
    expect(emailText('jane.doe@harbourdental.example', 'plain')).toBe('jane.doe@harbourdental.example')
  })

  it('anything else a visitor typed stays inert text', () => {
    for (const typed of ['<https://evil.example|x>@a.example', 'a@b.example|<!here>', 'jane@example.com>|pay', 'x*y@a.example'])
      expect(emailText(typed, 'slack')).not.toContain('mailto:')
    expect(emailText('<https://evil.example|x>@a.example', 'slack')).toBe('&lt;hxxps[://]evil[.]example|x&gt;@a[.]example')
  })

  it('the enterprise sales alert carries the registrant as a mailto link', () => {
    const text = salesAlert(registration(), { confirm: 'requested', invoice: true })('slack').text
    expect(text).toContain('<mailto:jane@acme.example|jane@acme.example>')
  })
})
