import { billingCycles, formatUsd, periodTotal, planById } from '../../../../src/content/plans.ts'
import { escapeHtml } from '../board/update-note.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import { boardPhone } from '../runtime/phone.ts'
import { INVOICE_DAYS_UNTIL_DUE } from './invoicing.ts'
import { invoiceLine } from './invoicing.ts'
import type { Registration } from './registration.ts'
import type { AlertContent } from '../alerts/channels.ts'
import { boardLine, emailText, invoiceLink, phoneText } from '../alerts/links.ts'
import { opsContext, opsFooter, opsHeading, type OpsContext } from '../alerts/ops.ts'
import { visitorText, type TextFormat } from '../alerts/text.ts'

/** 'Starter Enterprise, Annually, US$1,660 a month, US$19,920 per year' */
export function planLine(registration: Pick<Registration, 'plan' | 'billingCycle'>): string {
  const plan = planById(registration.plan)
  const cycle = billingCycles[registration.billingCycle]
  return `${invoiceLine(registration)}, ${formatUsd(plan.monthlyPrice[registration.billingCycle])} a month, ${formatUsd(periodTotal(plan, registration.billingCycle))} ${cycle.period}`
}

export const boardItemName = (registration: Registration) => `Enterprise: ${registration.companyName}`

/** The columns a lead item uses (name, phone, email, address), and the registration id to look it up by. */
export function boardColumnValues(registration: Registration): string {
  return JSON.stringify({
    submission_id: registration.id,
    name: registration.name,
    phone: boardPhone(registration.phone),
    email: { email: registration.email, text: registration.email },
    address: registration.fullAddress,
  })
}

/** A registration whose Turnstile token did not pass (decision 021). */
export const UNVERIFIED_REGISTRATION =
  'Unverified: it did not pass the bot check, so nothing was sent to them. Check it is genuine before writing to them or invoicing.'

/** A registration past a daily cap (ENTERPRISE_DAILY_CAP, or ENTERPRISE_UNVERIFIED_DAILY_CAP for an unverified one). */
export const HELD_REGISTRATION =
  'Held: it came in past the daily cap, so no confirmation e-mail or invoice goes out automatically. Decide, then write to them and invoice them by hand.'

/** The board renders update bodies as HTML: every value the visitor typed is escaped. */
export function boardNote(registration: Registration): string {
  const rows: [string, string][] = [
    ['E-mail', registration.emailConfirmedAt ? `confirmed ${agencyTime(registration.emailConfirmedAt)}` : EMAIL_NOT_CONFIRMED],
    ['Company', registration.companyName],
    ['Seats', registration.seats],
    ['Plan', planLine(registration)],
    ['Submitted', agencyTime(registration.createdAt)],
    ['Registration id', registration.id],
  ]
  const lines = rows.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`)
  // Read first: what holds it back, before anything the registrant typed.
  const held = [...(registration.verified ? [] : [UNVERIFIED_REGISTRATION]), ...(registration.overDailyCap ? [HELD_REGISTRATION] : [])].map(
    (line) => `<p><strong>${escapeHtml(line)}</strong></p>`,
  )
  return `${held.join('')}<p><strong>Enterprise registration</strong><br>${lines.join('<br>')}</p>`
}

export const EMAIL_NOT_CONFIRMED = 'e-mail not confirmed yet'

/** The board item's update once the registrant confirms. */
export const confirmedNote = (at: Date) => `<p><strong>E-mail confirmed:</strong> ${escapeHtml(agencyTime(at))}</p>`

/** The registrant's own words, one line each and inert on the channel (`visitorText`). */
const typed = (registration: Registration, format: TextFormat) => ({
  company: visitorText(registration.companyName, format),
  contact: [visitorText(registration.name, format), phoneText(registration.phone, format), emailText(registration.email, format)].join(
    ', ',
  ),
  address: visitorText(registration.fullAddress, format, 200),
  seats: visitorText(registration.seats, format),
})

/** What became of the request to confirm the address, for the sales alert. */
export type ConfirmState = 'confirmed' | 'requested' | 'limited' | 'off'

/** The sales alert: who, what, and what a person must still do by hand. */
export function salesAlert(registration: Registration, { confirm, invoice }: { confirm: ConfirmState; invoice: boolean }): AlertContent {
  const total = formatUsd(periodTotal(planById(registration.plan), registration.billingCycle))
  const invoiceSentence = (when: string) =>
    invoice
      ? `The Stripe invoice for ${total} goes out automatically${when}, due in ${INVOICE_DAYS_UNTIL_DUE} days.`
      : `Stripe is not configured: create the invoice by hand${when}.`
  const byHand = registration.overDailyCap
    ? 'Over the daily cap (ENTERPRISE_DAILY_CAP): no confirmation e-mail or invoice was sent. Decide, then write to them and create the invoice by hand.'
    : {
        confirmed: `E-mail confirmed: the welcome e-mail goes out automatically. ${invoiceSentence('')}`,
        requested: `E-mail not confirmed yet: a request to confirm went to them. Once they confirm, the welcome e-mail goes out automatically. ${invoiceSentence(' once they confirm')}`,
        limited:
          'E-mail not confirmed yet: no request to confirm was sent, as this address already had one today. Check the registration, then write to them and create the invoice by hand.',
        off: 'E-mail not confirmed yet: no confirmation e-mail is configured. Write to them and create the invoice by hand.',
      }[confirm]
  return (format) => {
    const { company, contact, address, seats } = typed(registration, format)
    // An unverified registration says so first, in the subject and the first line (issue 42).
    const title = `${registration.verified ? '' : 'Unverified: '}New enterprise registration: ${company}`
    const text = [
      title,
      `Plan: ${planLine(registration)}`,
      `Seats: ${seats}`,
      `Contact: ${contact}`,
      `Address: ${address}`,
      `Submitted: ${agencyTime(registration.createdAt)}`,
      `Registration id: ${registration.id}`,
      boardLine(registration.boardItemId, format),
      ...(registration.stripeInvoiceId ? [`Invoice: ${invoiceLink({ id: registration.stripeInvoiceId }, format)}`] : []),
      'Assign an account manager within 24 hours.',
      registration.verified ? byHand : UNVERIFIED_REGISTRATION,
    ].join('\n')
    return { subject: title, text }
  }
}

/** What the registrant has already been through, so ops does not repeat or miss a step. */
function happened(registration: Registration): string {
  const steps = [
    registration.boardItemId ? 'on the board' : 'not on the board',
    registration.salesAlertSentAt ? 'sales told' : 'sales not told',
    registration.confirmationSentAt ? 'confirmation e-mail sent' : 'no confirmation e-mail',
    registration.invoiceSentAt
      ? 'invoice sent'
      : registration.invoiceFinalizedAt
        ? 'invoice finalized but not sent'
        : registration.stripeInvoiceId
          ? 'invoice drafted, not finalized'
          : 'no invoice',
  ]
  return `${steps.join(', ')}.`
}

/**
 * Once a step has failed past MAX_ATTEMPTS, to the ops channel: the environment, what the
 * registrant already has, the one next step and its runbook section.
 */
export function failedAlert(registration: Registration, lastError: string, ops: OpsContext = opsContext()): AlertContent {
  return (format) => {
    const { company, contact } = typed(registration, format)
    const text = [
      opsHeading(ops, `${registration.verified ? '' : 'Unverified: '}Enterprise registration failed: ${company}`, format),
      // An upstream's error can echo what the visitor typed.
      `The follow-through gave up after ${registration.attempts} attempts: ${visitorText(lastError, format, 300)}`,
      `Contact: ${contact}`,
      `Plan: ${planLine(registration)}`,
      `Registration id: ${registration.id}`,
      boardLine(registration.boardItemId, format),
      ...(registration.stripeInvoiceId ? [`Invoice: ${invoiceLink({ id: registration.stripeInvoiceId }, format)}`] : []),
      ...opsFooter(
        ops,
        {
          happened: happened(registration),
          next: 'fix the cause (the error above), then run `select retry_failed_enterprise_registrations();` (done steps are skipped).',
          runbook: 'enterprise.md#send-a-failed-registration-again',
        },
        format,
      ),
    ].join('\n')
    return {
      subject: `[${ops.environment}] ${registration.verified ? '' : 'Unverified: '}Enterprise registration failed: ${company}`,
      text,
    }
  }
}

const asEmail = (subject: string, paragraphs: string[]) => ({
  subject,
  text: paragraphs.join('\n\n'),
  html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
})

/**
 * The registrant's first e-mail: a request to confirm the address. Nothing the registrant typed
 * (an address that is not theirs must not carry a stranger's words), only the plan from the list.
 */
export function confirmRequestEmail(registration: Pick<Registration, 'plan' | 'billingCycle'>, link: string, supportPhone: string) {
  return asEmail('Please confirm your e-mail address', [
    `Someone registered this e-mail address for an enterprise plan: ${planLine(registration)}.`,
    `If it was you, open this link and press "Confirm my e-mail address" on the page: ${link}`,
    'The link works for 48 hours. Once you confirm, we send your welcome e-mail and your invoice.',
    'If it was not you, ignore this e-mail: nothing more will be sent.',
    `Questions? Call us on ${supportPhone}.`,
  ])
}
