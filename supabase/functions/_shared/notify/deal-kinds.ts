import type { OpsContext } from '../alerts/ops.ts'
import { bookingFailedAlert } from '../bookings/booking-alert.ts'
import type { BookingItem } from '../bookings/booking-store.ts'
import { decisionFailedAlert } from '../board/decision-alert.ts'
import type { DecisionItem } from '../board/decision-store.ts'
import { failedAlert, salesAlert, type ConfirmState } from '../enterprise/messages.ts'
import { opsMoneyBackAlert, salesMoneyBackAlert, wrongModeAlert, type MoneyBackChange } from '../enterprise/money-back-alerts.ts'
import type { MoneyBack } from '../enterprise/money-back.ts'
import { mismatchAlert, paidAlert, type PaidRegistration, type Payment } from '../enterprise/payment.ts'
import { paymentFailedAlert } from '../enterprise/payment-alerts.ts'
import type { PaymentEvent } from '../enterprise/payment-events.ts'
import type { Registration } from '../enterprise/registration.ts'
import type { Renderer } from './notification.ts'

// The renderers of deal-notices.ts's messages: the payload back into the builders' own types.
// A payload is JSON, so its times arrive as strings: each named time becomes a Date again.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

function revived<T>(value: unknown): T {
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  for (const [key, field] of Object.entries(copy))
    if ((key.endsWith('At') || key === 'respondBy') && typeof field === 'string' && ISO_TIME.test(field)) copy[key] = new Date(field)
  return copy as T
}

type Payload = Record<string, unknown>

export const dealRenderers: Readonly<Record<string, Renderer>> = {
  'enterprise-sales': (p: Payload) =>
    salesAlert(revived<Registration>(p.registration), { confirm: p.confirm as ConfirmState, invoice: p.invoice === true }),
  'enterprise-failed': (p: Payload) => failedAlert(revived<Registration>(p.registration), String(p.error), p.ops as OpsContext),
  'enterprise-paid': (p: Payload) => paidAlert(p.registration as PaidRegistration, revived<Payment>(p.payment)),
  'enterprise-mismatch': (p: Payload) => mismatchAlert(p.registration as PaidRegistration, { eventId: String(p.eventId) }, String(p.text)),
  'money-back': (p: Payload) =>
    salesMoneyBackAlert(p.registration as PaidRegistration, revived<MoneyBack>(p.moneyBack), p.change as MoneyBackChange),
  'money-back-ops': (p: Payload) =>
    opsMoneyBackAlert(
      p.registration as PaidRegistration,
      revived<MoneyBack>(p.moneyBack),
      p.change as MoneyBackChange,
      p.ops as OpsContext,
    ),
  'stripe-wrong-mode': (p: Payload) => {
    const event = p.event as { eventId: string; eventType: string; livemode: boolean | null }
    const { livemode, ...named } = event
    return wrongModeAlert({ ...named, ...(livemode === null ? {} : { livemode }) }, String(p.expected), p.ops as OpsContext)
  },
  'payment-failed': (p: Payload) =>
    paymentFailedAlert(p.event as Pick<PaymentEvent, 'eventId' | 'eventType' | 'payment' | 'moneyBack'>, String(p.error)),
  'booking-failed': (p: Payload) => bookingFailedAlert(p.booking as BookingItem, String(p.error)),
  'decision-failed': (p: Payload) =>
    decisionFailedAlert(p.item as Pick<DecisionItem, 'itemId' | 'decision' | 'subjectKind'>, String(p.detail), p.ops as OpsContext),
}
