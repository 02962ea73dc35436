import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  moneyBackNote,
  nextStep,
  opsMoneyBackAlert,
  salesMoneyBackAlert,
  type MoneyBackChange,
} from '../../supabase/functions/_shared/enterprise/money-back-alerts.ts'
import { stateAfter, type MoneyBack } from '../../supabase/functions/_shared/enterprise/money-back.ts'
import { mismatchText, parseMismatch } from '../../supabase/functions/_shared/enterprise/payment.ts'

// The texts of docs/staff-messages.md ('Money back', 'Payment not matched'), from the builders themselves.
const OPS = { environment: 'production', runbookBase: 'docs' }
const registration = {
  id: '6a1b2c3d-0000-4000-8000-000000000001',
  companyName: 'Acme Pty Ltd',
  name: 'Jane Doe',
  phone: '+61422470721',
  email: 'jane@acme.example',
  plan: 'growth',
  billingCycle: 'quarterly',
  boardItemId: '9100',
} as const
const refund: MoneyBack = {
  eventId: 'evt_1Q2w3E',
  eventType: 'charge.refunded',
  livemode: true,
  createdAt: new Date('2026-12-02T03:15:00Z'),
  objectId: 'ch_3Q2w3E',
  invoiceId: 'in_1Q2w3E',
  paymentIntent: 'pi_3Q2w3E',
  number: null,
  amount: 166_000,
  amountOf: 3_540_000,
  currency: 'usd',
  disputeStatus: null,
  disputeReason: null,
  respondBy: null,
}
const partly: MoneyBackChange = { state: 'partially-refunded', activated: true, reads: 'partially-refunded' }

beforeEach(() => {
  const settings: Record<string, string> = {
    MONDAY_ACCOUNT_SLUG: 'agency',
    MONDAY_BOARD_ID: '1234567890',
    AGENCY_TIME_ZONE: 'Australia/Sydney',
  }
  vi.stubGlobal('Deno', { env: { get: (name: string) => settings[name] } })
})
afterEach(() => vi.unstubAllGlobals())

describe('money back: what staff read', () => {
  it('sales: what happened, the amount of what, the state, the contact, the board, and what to do', () => {
    expect(salesMoneyBackAlert(registration, refund, partly)('slack')).toEqual({
      subject: 'Partly refunded: Acme Pty Ltd (deactivate the account)',
      text: [
        'Partly refunded: Acme Pty Ltd (deactivate the account)',
        'US$1,660.00 refunded of US$35,400.00, Wed 2 Dec 2026, 2:15 pm AEDT',
        'Invoice <https://dashboard.stripe.com/invoices/in_1Q2w3E|in_1Q2w3E>; the registration now reads: partially refunded',
        'Plan: Growth Package, Annually, US$2,950 a month, US$35,400 per year',
        'Contact: Jane Doe, <tel:+61422470721|0422 470 721>, <mailto:jane@acme.example|jane@acme.example>',
        'Registration id: 6a1b2c3d-0000-4000-8000-000000000001',
        '<https://agency.monday.com/boards/1234567890/pulses/9100|Open on the board>',
        'Deactivate the account unless this was agreed with the customer (ask the account manager).',
      ].join('\n'),
    })
  })

  it('ops: the environment first, the same facts, and the runbook', () => {
    const { subject, text } = opsMoneyBackAlert(registration, refund, partly, OPS)('plain')
    expect(subject).toBe('[production] Partly refunded: Acme Pty Ltd (deactivate the account)')
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        'Invoice in_1Q2w3E: https://dashboard.stripe.com/invoices/in_1Q2w3E; Stripe event evt_1Q2w3E (charge.refunded)',
        "Already happened: the registration now reads 'partially refunded'; sales has the same alert",
        'Runbook: docs/enterprise.md#money-back-refunds-disputes-voided-invoices',
      ]),
    )
  })

  it("'do not activate' before the account was activated, 'deactivate' after; a won dispute keeps it", () => {
    expect(nextStep({ state: 'refunded', activated: false, reads: 'refunded' }).full).toBe('Do not activate the account.')
    expect(nextStep({ state: 'refunded', activated: true, reads: 'refunded' }).full).toBe('Deactivate the account.')
    expect(nextStep({ state: 'disputed', activated: true, reads: 'disputed' }).full).toMatch(/^Deactivate the account\. Answer the dispute/)
    expect(nextStep({ state: 'dispute-won', activated: true, reads: 'dispute-won' }).short).toBe('keep the account')
  })

  it("the state follows Stripe's values: partial or whole, a dispute's outcome", () => {
    const of = (eventType: MoneyBack['eventType'], amount: number, amountOf: number | null, disputeStatus: string | null = null) =>
      stateAfter({ eventType, amount, amountOf, disputeStatus })
    expect(of('charge.refunded', 1, 100)).toBe('partially-refunded')
    expect(of('charge.refunded', 100, 100)).toBe('refunded')
    expect(of('charge.dispute.closed', 100, null, 'won')).toBe('dispute-won')
    expect(of('charge.dispute.closed', 100, null, 'warning_closed')).toBe('dispute-won')
    expect(of('charge.dispute.closed', 100, null, 'lost')).toBe('dispute-lost')
    expect(of('credit_note.created', 100, 100)).toBe('credited')
  })

  it('the board note is escaped HTML with our words', () => {
    const note = moneyBackNote({ ...refund, objectId: 'ch_<b>' }, partly)
    expect(note).toContain('<strong>Partly refunded</strong>: US$1,660.00 refunded of US$35,400.00')
    expect(note).toContain('ch_&lt;b&gt;')
  })
})

describe('the mismatch line: both amounts, plainly', () => {
  const short = { kind: 'amount', paid: 1, currency: 'usd', expected: 1_992_000 } as const
  it.each([
    [undefined, 'Paid US$0.01; expected US$19,920.00'],
    [{ percentage: 10, displayName: 'GST', inclusive: false }, 'Paid US$0.01; expected US$19,920.00 (US$21,912.00 with 10% GST)'],
    [{ percentage: 10, displayName: 'GST', inclusive: true }, 'Paid US$0.01; expected US$19,920.00 (10% GST included)'],
    ['unknown' as const, 'Paid US$0.01; expected US$19,920.00 before tax'],
  ])('tax %o', (tax, line) => expect(mismatchText(short, tax)).toBe(line))

  it('another invoice, and a verdict recorded as text before the kinds existed', () => {
    expect(mismatchText({ kind: 'invoice', invoiceId: 'in_x', ownInvoiceId: null })).toBe('Invoice in_x is not its invoice (it has none)')
    expect(mismatchText(parseMismatch('Paid US$0.01, the period total is US$35,400'))).toBe('Paid US$0.01, the period total is US$35,400')
    expect(parseMismatch(JSON.stringify(short))).toEqual(short)
  })
})
