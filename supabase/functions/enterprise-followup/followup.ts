import { sendOnAnyChannel, type AlertChannel } from '../_shared/alerts/channels.ts'
import type { Board } from '../_shared/delivery/deliver-lead.ts'
import type { Fetch } from '../_shared/http/http.ts'
import { excerpt, postJson } from '../_shared/http/upstream.ts'
import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { settleFailure } from '../_shared/outbox/settle.ts'
import { keepClaim } from '../_shared/outbox/claim-lost.ts'
import type { Claimed } from '../_shared/outbox/outbox.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Invoicing } from '../_shared/enterprise/invoicing.ts'
import { StepFailed, type StepFailure } from '../_shared/outbox/step-failure.ts'
import type { Registration, RegistrationStore, StepColumns } from '../_shared/enterprise/registration.ts'
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
  /** The registrant's e-mail (Resend): RESEND_TIMEOUT_MS (`_shared/enterprise/config.ts`). */
  timeoutMs: number
}

type Claim = Claimed<Registration>

/** Writes a step's columns under the registration's claim; a newer claim owning it stops the run here (`ClaimLost`). */
async function record(registration: Claim, columns: StepColumns, deps: FollowupDeps): Promise<void> {
  keepClaim(await deps.store.record(registration, columns), registration, 'record')
}

export type FollowupOutcome = { kind: 'done' } | { kind: 'retry'; failure: StepFailure } | { kind: 'failed'; failure: StepFailure }

async function boardStep(registration: Claim, deps: FollowupDeps): Promise<void> {
  const { client, boardId } = deps.board
  let itemId = registration.boardItemId
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
    }
    await record(registration, { board_item_id: itemId }, deps)
  }
  if (!registration.boardNoteSentAt) {
    const note = await client.createUpdate({ itemId, body: boardNote(registration) })
    if (!note.ok) throw new StepFailed({ reason: note.failure.reason, detail: note.failure.message, retryInMs: note.failure.retryInMs })
    await record(registration, { board_note_sent_at: deps.now() }, deps)
  }
}

/**
 * The sales alert on each channel that does not have it yet, each recorded as it is taken, so a
 * retry sends only the missing ones. Throws when no channel has it; answers the failure while some do not.
 */
async function salesAlertStep(registration: Claim, deps: FollowupDeps): Promise<StepFailure | undefined> {
  if (registration.salesAlertSentAt) return undefined
  if (deps.channels.length === 0) throw new StepFailed({ reason: 'alerts-off', detail: 'no alert channel is configured' })
  const content = salesAlert(registration, { confirmationEmail: Boolean(deps.confirmation), invoice: Boolean(deps.invoicing) })
  const idempotencyKey = `enterprise-sales-alert/${registration.id}`
  const due = deps.channels.filter((channel) => !registration.salesAlertChannels.includes(channel.name))
  const results = await Promise.allSettled(due.map((channel) => channel.send({ ...content(channel.format), idempotencyKey })))
  const errors: string[] = []
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled')
      keepClaim(await deps.store.recordAlertChannel(registration, due[index]!.name), registration, 'record')
    else errors.push(`${due[index]!.name}: ${String(result.reason)}`)
  }
  if (errors.length === 0) {
    await record(registration, { sales_alert_sent_at: deps.now() }, deps)
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
async function invoiceSteps(registration: Claim, invoicing: Invoicing, deps: FollowupDeps): Promise<void> {
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

/**
 * Works one claimed registration through its steps: board item and note, sales alert, the
 * registrant's confirmation e-mail and the Stripe invoice (neither past the daily cap). Each step
 * is recorded as done before the next starts and skipped once recorded; a failure goes back to the
 * outbox with backoff. Every write names the claim: once a newer claim owns the registration,
 * `ClaimLost` stops this run before its next outside call.
 */
export async function followUp(registration: Claim, deps: FollowupDeps): Promise<FollowupOutcome> {
  try {
    await boardStep(registration, deps)
    const alertsMissing = await salesAlertStep(registration, deps)
    // Past the cap, or without a passed bot check (decision 021): nothing goes to the address typed.
    const toRegistrant = !registration.overDailyCap && registration.verified
    if (toRegistrant && deps.confirmation && !registration.confirmationSentAt) {
      await sendConfirmation(registration, deps.confirmation, deps)
      await record(registration, { confirmation_sent_at: deps.now() }, deps)
    }
    if (toRegistrant && deps.invoicing) await invoiceSteps(registration, deps.invoicing, deps)
    // Sales has the alert on one channel at least: the registrant's steps went ahead; the others are retried.
    if (alertsMissing) throw new StepFailed(alertsMissing)
    keepClaim(await deps.store.done(registration, {}), registration, 'done')
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
