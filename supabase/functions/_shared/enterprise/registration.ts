import type { ClaimRef, OutboxItem } from '../outbox/outbox.ts'
import { pgOutbox, type PgOutbox } from '../outbox/pg-outbox.ts'
import type { Sql } from '../runtime/db.ts'
import type { BillingCycle, PlanId } from '../../../../src/schemas/enterprise.ts'
import type { StaffDecision } from '../board/needs-a-look.ts'
import type { NotificationRequest } from '../notify/notification.ts'
import { failWithNotice, recordWithNotice, type FailsWithNotice } from '../notify/outbox-notice.ts'

/** A row of enterprise_registrations as the follow-through works it (an outbox item with its steps). */
export type Registration = OutboxItem & {
  submissionId: string
  name: string
  email: string
  phone: string
  companyName: string
  fullAddress: string
  seats: string
  plan: PlanId
  billingCycle: BillingCycle
  overDailyCap: boolean
  /** Its Turnstile token passed (decision 021); when not, nothing is sent to the address it names. */
  verified: boolean
  /** What a person decided on the board ('Needs a look'), if anything (`pagingOf`). */
  staffDecision?: StaffDecision | null
  boardItemId: string | null
  boardNoteSentAt: Date | null
  salesAlertSentAt: Date | null
  /** The alert channels that have taken the sales alert, while it is not on every one. */
  salesAlertChannels: string[]
  /** The welcome e-mail, sent once the address is confirmed. */
  confirmationSentAt: Date | null
  confirmSlotAt: Date | null
  confirmLimitedAt: Date | null
  confirmLinkIssuedAt: Date | null
  confirmRequestSentAt: Date | null
  emailConfirmedAt: Date | null
  confirmedNoteAt: Date | null
  stripeCustomerId: string | null
  stripeInvoiceId: string | null
  invoiceItemId: string | null
  invoiceFinalizedAt: Date | null
  invoiceSentAt: Date | null
}

type Row = {
  id: string
  submission_id: string
  created_at: Date
  name: string
  email: string
  phone: string
  company_name: string
  full_address: string
  seats: string
  selected_plan: PlanId
  billing_cycle: BillingCycle
  over_daily_cap: boolean
  verified: boolean
  staff_decision: StaffDecision | null
  attempts: number
  claimed_until: Date | null
  claim_token: string | null
  last_error: string | null
  failure_reason: string | null
  board_item_id: string | null
  board_note_sent_at: Date | null
  sales_alert_sent_at: Date | null
  sales_alert_channels: string[]
  confirmation_sent_at: Date | null
  confirm_slot_at: Date | null
  confirm_limited_at: Date | null
  confirm_link_issued_at: Date | null
  confirm_request_sent_at: Date | null
  email_confirmed_at: Date | null
  confirmed_note_at: Date | null
  stripe_customer_id: string | null
  stripe_invoice_id: string | null
  invoice_item_id: string | null
  invoice_finalized_at: Date | null
  invoice_sent_at: Date | null
}

const toItem = (row: Row): Registration => ({
  id: row.id,
  claimToken: row.claim_token,
  attempts: row.attempts,
  claimedUntil: row.claimed_until,
  lastError: row.last_error,
  failureReason: row.failure_reason,
  createdAt: row.created_at,
  submissionId: row.submission_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  companyName: row.company_name,
  fullAddress: row.full_address,
  seats: row.seats,
  plan: row.selected_plan,
  billingCycle: row.billing_cycle,
  overDailyCap: row.over_daily_cap,
  verified: row.verified,
  staffDecision: row.staff_decision,
  boardItemId: row.board_item_id,
  boardNoteSentAt: row.board_note_sent_at,
  salesAlertSentAt: row.sales_alert_sent_at,
  salesAlertChannels: row.sales_alert_channels,
  confirmationSentAt: row.confirmation_sent_at,
  confirmSlotAt: row.confirm_slot_at,
  confirmLimitedAt: row.confirm_limited_at,
  confirmLinkIssuedAt: row.confirm_link_issued_at,
  confirmRequestSentAt: row.confirm_request_sent_at,
  emailConfirmedAt: row.email_confirmed_at,
  confirmedNoteAt: row.confirmed_note_at,
  stripeCustomerId: row.stripe_customer_id,
  stripeInvoiceId: row.stripe_invoice_id,
  invoiceItemId: row.invoice_item_id,
  invoiceFinalizedAt: row.invoice_finalized_at,
  invoiceSentAt: row.invoice_sent_at,
})

/** The step columns: each is written as soon as its step is done, before the next one starts. */
export type StepColumns = {
  board_item_id?: string
  board_note_sent_at?: Date
  sales_alert_sent_at?: Date
  confirmation_sent_at?: Date
  confirm_slot_at?: Date
  confirm_limited_at?: Date
  confirm_link_issued_at?: Date
  confirm_request_sent_at?: Date
  confirmed_note_at?: Date
  stripe_customer_id?: string
  stripe_invoice_id?: string
  invoice_item_id?: string
  invoice_finalized_at?: Date
  invoice_sent_at?: Date
  failure_alerted_at?: Date
}

/** What `take_enterprise_confirm_slot` answers (`*_enterprise_confirm_slot.sql`). */
export type ConfirmSlot = 'slot' | 'limited' | 'lost'

export type RegistrationStore = Omit<PgOutbox<Registration>, 'record'> & FailsWithNotice & {
  /** Writes a step's columns under this claim; false (nothing written) when a newer claim owns the registration. */
  record(item: ClaimRef, columns: StepColumns): Promise<boolean>
  /** As `record`, and queues the messages it causes in the same transaction (the sales alert). */
  recordWithNotice(item: ClaimRef, columns: StepColumns, notices: readonly NotificationRequest[]): Promise<boolean>
  /**
   * Takes the address's one confirmation request of the day for this registration and records which
   * it got (`confirm_slot_at` or `confirm_limited_at`, at `at`) in one transaction, under the claim:
   * 'lost' (nothing taken) when a newer claim owns it. Answers a recorded one as it is.
   */
  takeConfirmSlot(item: ClaimRef, at: Date): Promise<ConfirmSlot>
  /** On the board in 'Needs a look': out of the queue (status 'held') until a person decides (a claimed, pending item only). */
  hold(item: ClaimRef): Promise<boolean>
  /** Out of the queue until the registrant confirms, without using up an attempt (a claimed, pending item only). */
  awaitConfirmation(item: ClaimRef): Promise<boolean>
}

export function pgRegistrationStore(sql: Sql): RegistrationStore {
  const outbox = pgOutbox<Row, Registration>(sql, {
    table: 'enterprise_registrations',
    key: 'submission_id',
    doneStatus: 'done',
    doneAt: 'completed_at',
    toItem,
  })
  return {
    ...outbox,
    record: (item, columns) => outbox.record(item, columns),
    recordWithNotice: (item, columns, notices) => recordWithNotice(sql, 'enterprise_registrations', item, columns, notices),
    failedWithNotice: (item, failure, notice) => failWithNotice(sql, 'enterprise_registrations', item, failure, notice),
    async takeConfirmSlot(item, at) {
      const [row] = await sql<{ slot: ConfirmSlot }[]>`
        select public.take_enterprise_confirm_slot(${item.id}, ${item.claimToken}, ${at}) as slot`
      return row?.slot ?? 'lost'
    },
    async hold(item) {
      const [row] = await sql<{ applied: boolean }[]>`
        select public.enterprise_registration_hold(${item.id}, ${item.claimToken}) as applied`
      return row?.applied === true
    },
    async awaitConfirmation(item) {
      const [row] = await sql<{ applied: boolean }[]>`
        select public.enterprise_registration_await_confirmation(${item.id}, ${item.claimToken}) as applied`
      return row?.applied === true
    },
  }
}

export type RegistrationFigures = { pending: number; failed: number; awaitingPayment: number; paid: number; moneyBack: number }

/**
 * For `leads-health`: registrations still being worked, those that gave up, those invoiced with
 * nothing heard yet, those paid (and still paid: a won dispute keeps the money), and those whose
 * money came back or stopped being owed (refunded, disputed, voided, uncollectible, credited).
 */
export async function registrationFigures(sql: Sql): Promise<RegistrationFigures> {
  const [row] = await sql<RegistrationFigures[]>`
    select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'failed')::int as failed,
           count(*) filter (where invoice_sent_at is not null and paid_at is null and payment_state is null)::int as "awaitingPayment",
           count(*) filter (where payment_state in ('paid', 'dispute-won'))::int as paid,
           count(*) filter (where payment_state not in ('paid', 'dispute-won'))::int as "moneyBack"
    from public.enterprise_registrations`
  return row ?? { pending: 0, failed: 0, awaitingPayment: 0, paid: 0, moneyBack: 0 }
}
