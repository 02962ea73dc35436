import type { OpsContext } from '../alerts/ops.ts'
import type { BookingItem } from '../bookings/booking-store.ts'
import type { DecisionItem } from '../board/decision-store.ts'
import type { MoneyBackChange } from '../enterprise/money-back-alerts.ts'
import type { MoneyBack } from '../enterprise/money-back.ts'
import type { ConfirmState } from '../enterprise/messages.ts'
import type { PaidRegistration, Payment } from '../enterprise/payment.ts'
import type { PaymentEvent } from '../enterprise/payment-events.ts'
import type { Registration } from '../enterprise/registration.ts'
import type { NotificationRequest } from './notification.ts'

// The messages about deals (registrations, payments, bookings, board decisions), as their producers
// queue them: each names itself once by its key, and its payload holds the facts its renderer
// (deal-kinds.ts) needs, as they were when it was caused.

/** The new-registration alert, with the board item this run found or made (never the claimed row's empty one). */
export const salesNotice = (registration: Registration, facts: { confirm: ConfirmState; invoice: boolean }): NotificationRequest => ({
  kind: 'enterprise-sales',
  key: `sales:${registration.id}`,
  audience: 'sales',
  payload: { registration, ...facts },
})

export const registrationFailedNotice = (registration: Registration, error: string, ops: OpsContext): NotificationRequest => ({
  kind: 'enterprise-failed',
  key: `failed:registration:${registration.id}`,
  audience: 'ops',
  payload: { registration, error, ops },
})

type PaidFacts = Pick<Payment, 'invoiceId' | 'invoiceNumber' | 'livemode' | 'paidAt' | 'amountPaid' | 'currency'>

export const paidNotice = (registration: PaidRegistration, payment: PaidFacts): NotificationRequest => ({
  kind: 'enterprise-paid',
  key: `paid:${payment.invoiceId}`,
  audience: 'sales',
  payload: { registration, payment },
})

/** `text`: why it does not pay (mismatchText: Stripe's own values, with the tax rate looked up before). */
export const mismatchNotice = (registration: PaidRegistration, eventId: string, text: string): NotificationRequest => ({
  kind: 'enterprise-mismatch',
  key: `mismatch:${eventId}`,
  audience: 'sales',
  payload: { registration, eventId, text },
})

/** Money that came back: sales and ops, one message each. */
export const moneyBackNotices = (
  registration: PaidRegistration,
  moneyBack: MoneyBack,
  change: MoneyBackChange,
  ops: OpsContext,
): NotificationRequest[] => [
  { kind: 'money-back', key: `money-back:${moneyBack.eventId}`, audience: 'sales', payload: { registration, moneyBack, change } },
  {
    kind: 'money-back-ops',
    key: `money-back-ops:${moneyBack.eventId}`,
    audience: 'ops',
    payload: { registration, moneyBack, change, ops },
  },
]

export const wrongModeNotice = (event: Pick<PaymentEvent, 'eventId' | 'eventType' | 'livemode'>, expected: string, ops: OpsContext) => ({
  kind: 'stripe-wrong-mode',
  key: `wrong-mode:${event.eventId}`,
  audience: 'ops' as const,
  payload: { event: { eventId: event.eventId, eventType: event.eventType, livemode: event.livemode ?? null }, expected, ops },
})

export const paymentFailedNotice = (event: PaymentEvent, error: string): NotificationRequest => ({
  kind: 'payment-failed',
  key: `failed:payment:${event.id}`,
  audience: 'ops',
  payload: {
    event: {
      eventId: event.eventId,
      eventType: event.eventType,
      payment: event.payment && { invoiceId: event.payment.invoiceId, registrationId: event.payment.registrationId },
      moneyBack: event.moneyBack && { invoiceId: event.moneyBack.invoiceId, objectId: event.moneyBack.objectId },
    },
    error,
  },
})

export const bookingFailedNotice = (booking: BookingItem, error: string): NotificationRequest => ({
  kind: 'booking-failed',
  key: `failed:booking:${booking.id}`,
  audience: 'ops',
  payload: {
    booking: { id: booking.id, attendeeName: booking.attendeeName, attendeeEmail: booking.attendeeEmail, bookingUid: booking.bookingUid },
    error,
  },
})

export const decisionFailedNotice = (item: DecisionItem, detail: string, ops: OpsContext): NotificationRequest => ({
  kind: 'decision-failed',
  key: `failed:decision:${item.id}`,
  audience: 'ops',
  payload: { item: { itemId: item.itemId, decision: item.decision, subjectKind: item.subjectKind }, detail, ops },
})
