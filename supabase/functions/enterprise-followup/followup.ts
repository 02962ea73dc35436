import { sendOnAnyChannel, type AlertChannel } from '../_shared/alerts/channels.ts'
import type { Board } from '../_shared/delivery/deliver-lead.ts'
import { createUpdateOnce } from '../_shared/board/update-once.ts'
import type { Fetch } from '../_shared/http/http.ts'
import { excerpt, postJson } from '../_shared/http/upstream.ts'
import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { keepClaim } from '../_shared/outbox/claim-lost.ts'
import type { Claimed } from '../_shared/outbox/outbox.ts'
import { settleFailure } from '../_shared/outbox/settle.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Invoicing } from '../_shared/enterprise/invoicing.ts'
import { StepFailed, type StepFailure } from '../_shared/outbox/step-failure.ts'
import type { Registration, RegistrationStore, StepColumns } from '../_shared/enterprise/registration.ts'
import {
  boardColumnValues,
  boardItemName,
  boardNote,
  confirmedNote,
  confirmRequestEmail,
  failedAlert,
  salesAlert,
  type ConfirmState,
} from '../_shared/enterprise/messages.ts'
import { welcomeEmail } from '../_shared/enterprise/welcome-email.ts'
import type { WelcomeSettings } from '../_shared/enterprise/welcome-settings.ts'
import { confirmUrl, issuedSeconds, signConfirmToken } from '../_shared/enterprise/confirm-link.ts'

/** Resend, for the registrant's e-mails (the request to confirm, then the welcome). */
export type ConfirmationSettings = {
  apiUrl: string
  apiKey: string
  from: string
  replyTo: string | undefined
  supportPhone: string
  /** What the welcome e-mail says about the agency (`welcome-settings.ts`). */
  welcome: WelcomeSettings
}
/** CONFIRM_LINK_SECRET signs the link; SITE_URL is where its /confirm page is. */
export type ConfirmLinkSettings = { secret: string; siteUrl: string }

export type FollowupDeps = {
  store: RegistrationStore
  board: Board
  /** MONDAY_ENTERPRISE_GROUP_ID */
  groupId: string
  channels: AlertChannel[]
  /** Failures and caps (OPS_WEBHOOK_URL, OPS_EMAIL_TO); the sales channels when not given. */
  opsChannels?: AlertChannel[]
  confirmation: ConfirmationSettings | undefined
  /** Without it no request to confirm can be sent, so nothing goes to the registrant automatically. */
  confirmLink: ConfirmLinkSettings | undefined
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

export type FollowupOutcome =
  { kind: 'done' } | { kind: 'awaiting-confirmation' } | { kind: 'retry'; failure: StepFailure } | { kind: 'failed'; failure: StepFailure }

/**
 * THE decision whether the follow-through may send this registrant anything (the request to
 * confirm, the welcome e-mail, the invoice). Every other condition about the registrant goes here.
 */
export function mayContactRegistrant(registration: Registration): boolean {
  // Past the cap, or without a passed bot check (decision 021): nothing goes to the address typed.
  return !registration.overDailyCap && registration.verified
}

/** Answers the board item's id. */
async function boardStep(registration: Claim, deps: FollowupDeps): Promise<string> {
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
    await record(registration, { board_item_id: itemId }, deps)
  }
  if (!registration.boardNoteSentAt) {
    const note = await createUpdateOnce(client, { itemId, body: boardNote(registration), ref: `reg-${registration.id}/note`, itemIsNew })
    if (!note.ok) throw new StepFailed({ reason: note.failure.reason, detail: note.failure.message, retryInMs: note.failure.retryInMs })
    await record(registration, { board_note_sent_at: deps.now() }, deps)
  }
  return itemId
}

async function confirmedNoteStep(registration: Claim, itemId: string, confirmedAt: Date, deps: FollowupDeps): Promise<void> {
  if (registration.confirmedNoteAt) return
  const note = await createUpdateOnce(deps.board.client, {
    itemId,
    body: confirmedNote(confirmedAt),
    ref: `reg-${registration.id}/confirmed`,
  })
  if (!note.ok) throw new StepFailed({ reason: note.failure.reason, detail: note.failure.message, retryInMs: note.failure.retryInMs })
  await record(registration, { confirmed_note_at: deps.now() }, deps)
}

const canRequest = (deps: FollowupDeps) => Boolean(deps.confirmation && deps.confirmLink)

function confirmState(registration: Registration, deps: FollowupDeps): ConfirmState {
  if (registration.emailConfirmedAt) return 'confirmed'
  if (!canRequest(deps)) return 'off'
  return registration.confirmLimitedAt ? 'limited' : 'requested'
}

/** Takes the address's one request of the day (in the database), before the sales alert says whether it went. */
async function confirmSlotStep(registration: Claim, deps: FollowupDeps): Promise<Claim> {
  if (registration.emailConfirmedAt || registration.confirmSlotAt || registration.confirmLimitedAt || !canRequest(deps)) return registration
  const at = deps.now()
  if (await deps.store.claimConfirmRequest(registration.email)) {
    await record(registration, { confirm_slot_at: at }, deps)
    return { ...registration, confirmSlotAt: at }
  }
  deps.logger.warn('enterprise confirmation request over the daily limit for its address', { registrationId: registration.id })
  await record(registration, { confirm_limited_at: at }, deps)
  return { ...registration, confirmLimitedAt: at }
}

/**
 * The sales alert on each channel that does not have it yet, each recorded as it is taken, so a
 * retry sends only the missing ones. Throws when no channel has it; answers the failure while some do not.
 */
async function salesAlertStep(registration: Claim, deps: FollowupDeps): Promise<StepFailure | undefined> {
  if (registration.salesAlertSentAt) return undefined
  if (deps.channels.length === 0) throw new StepFailed({ reason: 'alerts-off', detail: 'no alert channel is configured' })
  const content = salesAlert(registration, { confirm: confirmState(registration, deps), invoice: Boolean(deps.invoicing) })
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

type RegistrantEmail = { subject: string; text: string; html: string }

async function sendToRegistrant(
  registration: Registration,
  message: RegistrantEmail,
  { settings, idempotencyKey, what }: { settings: ConfirmationSettings; idempotencyKey: string; what: string },
  deps: FollowupDeps,
): Promise<void> {
  const answer = await postJson(deps.fetch, `${settings.apiUrl.replace(/\/+$/, '')}/emails`, {
    // Resend sends one e-mail per key (24 h), so a retry after a lost answer sends nothing twice.
    headers: { authorization: `Bearer ${settings.apiKey}`, 'idempotency-key': idempotencyKey },
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
  if (answer.kind !== 'answer') throw new StepFailed({ reason: answer.kind, detail: `${what}: ${answer.message}` })
  if (answer.status < 200 || answer.status > 299) {
    const detail = `${what}: HTTP ${answer.status} ${excerpt(answer.text)}`.trim()
    throw new StepFailed({ reason: answer.status === 429 ? 'rate-limited' : answer.status >= 500 ? 'http' : 'refused', detail })
  }
}

/**
 * The link's issue time is recorded before the e-mail, so a retry signs the same link; the key is the
 * request's own (its slot of the day), so a retry sends nothing twice and a new link is a new e-mail.
 */
async function confirmRequestStep(
  registration: Claim,
  settings: ConfirmationSettings,
  link: ConfirmLinkSettings,
  deps: FollowupDeps,
): Promise<void> {
  const slotAt = registration.confirmSlotAt
  if (registration.confirmRequestSentAt || !slotAt) return
  let issuedAt = registration.confirmLinkIssuedAt
  if (!issuedAt) {
    issuedAt = new Date(issuedSeconds(deps.now()) * 1000)
    await record(registration, { confirm_link_issued_at: issuedAt }, deps)
  }
  const token = await signConfirmToken(link.secret, registration.id, issuedAt)
  await sendToRegistrant(
    registration,
    confirmRequestEmail(registration, confirmUrl(link.siteUrl, token), settings.supportPhone),
    { settings, idempotencyKey: `enterprise-confirm-request/${registration.id}/${slotAt.getTime()}`, what: 'confirmation request' },
    deps,
  )
  await record(registration, { confirm_request_sent_at: deps.now() }, deps)
}

/** Thrown for a setting only a person can fix: the item fails at once, and ops is told. */
const CONFIG_REASON = 'config'

/**
 * The welcome e-mail, before the invoice is finalized (it counts the due date from now, as Stripe
 * will): never with the stand-in phone in production, which fails the registration at once.
 */
async function welcomeStep(registration: Claim, settings: ConfirmationSettings, deps: FollowupDeps): Promise<void> {
  const { phoneProblem } = settings.welcome
  if (phoneProblem) {
    deps.logger.error('enterprise welcome e-mail refused', { registrationId: registration.id, message: phoneProblem })
    throw new StepFailed({ reason: CONFIG_REASON, detail: phoneProblem })
  }
  await sendToRegistrant(
    registration,
    welcomeEmail(registration, settings.welcome, deps.now()),
    { settings, idempotencyKey: `enterprise-welcome/${registration.id}`, what: 'welcome e-mail' },
    deps,
  )
  await record(registration, { confirmation_sent_at: deps.now() }, deps)
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
 * Works one claimed registration through its steps: board item and note and the sales alert at
 * once; to the registrant (unless `mayContactRegistrant` says no) only a request to confirm the
 * address, after which it waits ('awaiting-confirmation') until they confirm; then the board's
 * 'E-mail confirmed' update, the welcome e-mail and the Stripe invoice. Each step is recorded as
 * done before the next starts and skipped once recorded; a failure goes back to the outbox with backoff.
 * Every write names the claim: once a newer claim owns the registration, `ClaimLost` stops this run
 * before its next outside call.
 */
export async function followUp(claimed: Claim, deps: FollowupDeps): Promise<FollowupOutcome> {
  try {
    const itemId = await boardStep(claimed, deps)
    const mayContact = mayContactRegistrant(claimed)
    const registration = mayContact ? await confirmSlotStep(claimed, deps) : claimed
    const alertsMissing = await salesAlertStep(registration, deps)
    // Sales has the alert on one channel at least: the registrant's steps go ahead; the others are retried.
    const settleAlerts = () => {
      if (alertsMissing) throw new StepFailed(alertsMissing)
    }
    if (registration.emailConfirmedAt) await confirmedNoteStep(registration, itemId, registration.emailConfirmedAt, deps)
    if (mayContact && deps.confirmation && registration.emailConfirmedAt) {
      if (!registration.confirmationSentAt) await welcomeStep(registration, deps.confirmation, deps)
      if (deps.invoicing) await invoiceSteps(registration, deps.invoicing, deps)
    } else if (mayContact && deps.confirmation && deps.confirmLink && registration.confirmSlotAt) {
      await confirmRequestStep(registration, deps.confirmation, deps.confirmLink, deps)
      settleAlerts()
      keepClaim(await deps.store.awaitConfirmation(registration), registration, 'await-confirmation')
      return { kind: 'awaiting-confirmation' }
    }
    settleAlerts()
    keepClaim(await deps.store.done(registration, {}), registration, 'done')
    return { kind: 'done' }
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    const failure = error.failure
    const failsNow = failure.reason === CONFIG_REASON
    if (failsNow) keepClaim(await deps.store.failed(claimed, failure), claimed, 'failed')
    const settled = failsNow
      ? { kind: 'failed' as const }
      : await settleFailure(claimed, { ...failure, countAttempt: true }, { outbox: deps.store, backoff: deps.backoff, now: deps.now })
    if (settled.kind === 'failed') {
      if (await deps.store.claimFailureAlert(claimed.id)) {
        await sendOnAnyChannel(failedAlert(claimed, `${failure.reason}: ${failure.detail}`), deps.opsChannels ?? deps.channels).catch(
          (alertError: unknown) =>
            deps.logger.error('enterprise failure alert not sent', { registrationId: claimed.id, message: String(alertError) }),
        )
      }
      return { kind: 'failed', failure }
    }
    return { kind: 'retry', failure }
  }
}
