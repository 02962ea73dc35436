import { sendOnAnyChannel, type AlertChannel } from '../_shared/alerts/channels.ts'
import type { Board } from '../_shared/delivery/deliver-lead.ts'
import { createUpdateOnce } from '../_shared/board/update-once.ts'
import type { Fetch } from '../_shared/http/http.ts'
import { excerpt, postJson } from '../_shared/http/upstream.ts'
import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { settleFailure } from '../_shared/outbox/settle.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Invoicing } from '../_shared/enterprise/invoicing.ts'
import { StepFailed, type StepFailure } from '../_shared/outbox/step-failure.ts'
import type { Registration, RegistrationStore } from '../_shared/enterprise/registration.ts'
import { boardColumnValues, boardItemName, boardNote, confirmationEmail, failedAlert, salesAlert } from '../_shared/enterprise/messages.ts'

export type ConfirmationSettings = { apiUrl: string; apiKey: string; from: string; replyTo: string | undefined; supportPhone: string }

export type FollowupDeps = {
  store: RegistrationStore
  board: Board
  /** MONDAY_ENTERPRISE_GROUP_ID */
  groupId: string
  channels: AlertChannel[]
  confirmation: ConfirmationSettings | undefined
  /** Stripe, when STRIPE_SECRET_KEY is set; without it the sales alert asks for the invoice by hand. */
  invoicing: Invoicing | undefined
  fetch: Fetch
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
  timeoutMs: number
}

export type FollowupOutcome = { kind: 'done' } | { kind: 'retry'; failure: StepFailure } | { kind: 'failed'; failure: StepFailure }

async function boardStep(registration: Registration, deps: FollowupDeps): Promise<void> {
  const { client, boardId } = deps.board
  let itemId = registration.boardItemId
  let itemIsNew = false
  if (!itemId) {
    // An earlier try may have created it and lost the answer: look it up by the registration id first.
    const found = await client.findItem({ boardId, submissionId: registration.id })
    if (!found.ok) throw new StepFailed({ reason: found.failure.reason, detail: found.failure.message, retryInMs: found.failure.retryInMs })
    if (found.id) itemId = found.id
    else {
      const created = await client.createItem({
        boardId,
        groupId: deps.groupId,
        itemName: boardItemName(registration),
        columnValues: boardColumnValues(registration),
      })
      if (!created.ok)
        throw new StepFailed({ reason: created.failure.reason, detail: created.failure.message, retryInMs: created.failure.retryInMs })
      itemId = created.id
      itemIsNew = true
    }
    await deps.store.record(registration.id, { board_item_id: itemId })
  }
  if (!registration.boardNoteSentAt) {
    const note = await createUpdateOnce(client, { itemId, body: boardNote(registration), ref: `reg-${registration.id}/note`, itemIsNew })
    if (!note.ok) throw new StepFailed({ reason: note.failure.reason, detail: note.failure.message, retryInMs: note.failure.retryInMs })
    await deps.store.record(registration.id, { board_note_sent_at: deps.now() })
  }
}

/**
 * The sales alert on each channel that does not have it yet, each recorded as it is taken, so a
 * retry sends only the missing ones. Throws when no channel has it; answers the failure while some do not.
 */
async function salesAlertStep(registration: Registration, deps: FollowupDeps): Promise<StepFailure | undefined> {
  if (registration.salesAlertSentAt) return undefined
  if (deps.channels.length === 0) throw new StepFailed({ reason: 'alerts-off', detail: 'no alert channel is configured' })
  const content = salesAlert(registration, { confirmationEmail: Boolean(deps.confirmation), invoice: Boolean(deps.invoicing) })
  const idempotencyKey = `enterprise-sales-alert/${registration.id}`
  const due = deps.channels.filter((channel) => !registration.salesAlertChannels.includes(channel.name))
  const results = await Promise.allSettled(due.map((channel) => channel.send({ ...content(channel.format), idempotencyKey })))
  const errors: string[] = []
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') await deps.store.recordAlertChannel(registration.id, due[index]!.name)
    else errors.push(`${due[index]!.name}: ${String(result.reason)}`)
  }
  if (errors.length === 0) {
    await deps.store.record(registration.id, { sales_alert_sent_at: deps.now() })
    return undefined
  }
  const failure = { reason: 'alert', detail: errors.join('; ') }
  if (errors.length === deps.channels.length) throw new StepFailed(failure)
  return failure
}

async function sendConfirmation(registration: Registration, settings: ConfirmationSettings, deps: FollowupDeps): Promise<void> {
  const message = confirmationEmail(registration, settings.supportPhone)
  const answer = await postJson(deps.fetch, `${settings.apiUrl.replace(/\/+$/, '')}/emails`, {
    // Resend sends one e-mail per key (24 h), so a retry after a lost answer sends nothing twice.
    headers: { authorization: `Bearer ${settings.apiKey}`, 'idempotency-key': `enterprise-confirmation/${registration.id}` },
    payload: {
      from: settings.from,
      to: [registration.email],
      ...(settings.replyTo ? { reply_to: settings.replyTo } : {}),
      subject: message.subject,
      text: message.text,
      html: message.html,
    },
    timeoutMs: deps.timeoutMs,
  })
  if (answer.kind !== 'answer') throw new StepFailed({ reason: answer.kind, detail: `confirmation e-mail: ${answer.message}` })
  if (answer.status < 200 || answer.status > 299) {
    const detail = `confirmation e-mail: HTTP ${answer.status} ${excerpt(answer.text)}`.trim()
    throw new StepFailed({ reason: answer.status === 429 ? 'rate-limited' : answer.status >= 500 ? 'http' : 'refused', detail })
  }
}

/** Customer, invoice, its line, finalized, sent: each id or time recorded before the next call. */
async function invoiceSteps(registration: Registration, invoicing: Invoicing, deps: FollowupDeps): Promise<void> {
  const record = deps.store.record.bind(deps.store, registration.id)
  let customerId = registration.stripeCustomerId
  if (!customerId) {
    customerId = await invoicing.customer(registration)
    await record({ stripe_customer_id: customerId })
  }
  let invoiceId = registration.stripeInvoiceId
  if (!invoiceId) {
    invoiceId = await invoicing.createInvoice(registration, customerId)
    await record({ stripe_invoice_id: invoiceId })
  }
  if (!registration.invoiceItemId) await record({ invoice_item_id: await invoicing.addItem(registration, customerId, invoiceId) })
  if (!registration.invoiceFinalizedAt) {
    await invoicing.finalize(registration, invoiceId)
    await record({ invoice_finalized_at: deps.now() })
  }
  if (!registration.invoiceSentAt) {
    await invoicing.send(registration, invoiceId)
    await record({ invoice_sent_at: deps.now() })
  }
}

/**
 * Works one claimed registration through its steps: board item and note, sales alert, the
 * registrant's confirmation e-mail and the Stripe invoice (neither past the daily cap). Each step
 * is recorded as done before the next starts and skipped once recorded; a failure goes back to the
 * outbox with backoff.
 */
export async function followUp(registration: Registration, deps: FollowupDeps): Promise<FollowupOutcome> {
  try {
    await boardStep(registration, deps)
    const alertsMissing = await salesAlertStep(registration, deps)
    if (!registration.overDailyCap && deps.confirmation && !registration.confirmationSentAt) {
      await sendConfirmation(registration, deps.confirmation, deps)
      await deps.store.record(registration.id, { confirmation_sent_at: deps.now() })
    }
    if (!registration.overDailyCap && deps.invoicing) await invoiceSteps(registration, deps.invoicing, deps)
    // Sales has the alert on one channel at least: the registrant's steps went ahead; the others are retried.
    if (alertsMissing) throw new StepFailed(alertsMissing)
    await deps.store.done(registration.id, {})
    return { kind: 'done' }
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    const failure = error.failure
    const settled = await settleFailure(
      registration,
      { ...failure, countAttempt: true },
      { outbox: deps.store, backoff: deps.backoff, now: deps.now },
    )
    if (settled.kind === 'failed') {
      if (await deps.store.claimFailureAlert(registration.id)) {
        await sendOnAnyChannel(failedAlert(registration, `${failure.reason}: ${failure.detail}`), deps.channels).catch(
          (alertError: unknown) =>
            deps.logger.error('enterprise failure alert not sent', { registrationId: registration.id, message: String(alertError) }),
        )
      }
      return { kind: 'failed', failure }
    }
    return { kind: 'retry', failure }
  }
}
