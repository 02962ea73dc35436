import type { AlertChannel, AlertMessage } from '../_shared/alerts/channels.ts'
import type { Board } from '../_shared/delivery/deliver-lead.ts'
import type { Fetch } from '../_shared/http/http.ts'
import { excerpt, postJson } from '../_shared/http/upstream.ts'
import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { settleFailure } from '../_shared/outbox/settle.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
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
  fetch: Fetch
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
  timeoutMs: number
}

export type StepFailure = { reason: string; detail: string; retryInMs?: number }
export type FollowupOutcome = { kind: 'done' } | { kind: 'retry'; failure: StepFailure } | { kind: 'failed'; failure: StepFailure }

class StepError extends Error {
  constructor(readonly failure: StepFailure) {
    super(failure.detail)
  }
}

async function boardStep(registration: Registration, deps: FollowupDeps): Promise<void> {
  const { client, boardId } = deps.board
  let itemId = registration.boardItemId
  if (!itemId) {
    // An earlier try may have created it and lost the answer: look it up by the registration id first.
    const found = await client.findItem({ boardId, submissionId: registration.id })
    if (!found.ok) throw new StepError({ reason: found.failure.reason, detail: found.failure.message, retryInMs: found.failure.retryInMs })
    if (found.id) itemId = found.id
    else {
      const created = await client.createItem({
        boardId,
        groupId: deps.groupId,
        itemName: boardItemName(registration),
        columnValues: boardColumnValues(registration),
      })
      if (!created.ok)
        throw new StepError({ reason: created.failure.reason, detail: created.failure.message, retryInMs: created.failure.retryInMs })
      itemId = created.id
    }
    await deps.store.record(registration.id, { board_item_id: itemId })
  }
  if (!registration.boardNoteSentAt) {
    const note = await client.createUpdate({ itemId, body: boardNote(registration) })
    if (!note.ok) throw new StepError({ reason: note.failure.reason, detail: note.failure.message, retryInMs: note.failure.retryInMs })
    await deps.store.record(registration.id, { board_note_sent_at: deps.now() })
  }
}

/** Sent once at least one channel took it; every channel failing is a failed step. */
async function alert(message: AlertMessage, channels: AlertChannel[]): Promise<void> {
  if (channels.length === 0) throw new StepError({ reason: 'alerts-off', detail: 'no alert channel is configured' })
  const results = await Promise.allSettled(channels.map((channel) => channel.send(message)))
  if (results.every((result) => result.status === 'rejected')) {
    throw new StepError({ reason: 'alert', detail: results.map((result) => String((result as PromiseRejectedResult).reason)).join('; ') })
  }
}

/**
 * The sales alert on each channel that does not have it yet, each recorded as it is taken, so a
 * retry sends only the missing ones. Throws when no channel has it; answers the failure while some do not.
 */
async function salesAlertStep(registration: Registration, deps: FollowupDeps): Promise<StepFailure | undefined> {
  if (registration.salesAlertSentAt) return undefined
  if (deps.channels.length === 0) throw new StepError({ reason: 'alerts-off', detail: 'no alert channel is configured' })
  const message = {
    ...salesAlert(registration, { confirmationEmail: Boolean(deps.confirmation) }),
    idempotencyKey: `enterprise-sales-alert/${registration.id}`,
  }
  const due = deps.channels.filter((channel) => !registration.salesAlertChannels.includes(channel.name))
  const results = await Promise.allSettled(due.map((channel) => channel.send(message)))
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
  if (errors.length === deps.channels.length) throw new StepError(failure)
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
  if (answer.kind !== 'answer') throw new StepError({ reason: answer.kind, detail: `confirmation e-mail: ${answer.message}` })
  if (answer.status < 200 || answer.status > 299) {
    const detail = `confirmation e-mail: HTTP ${answer.status} ${excerpt(answer.text)}`.trim()
    throw new StepError({ reason: answer.status === 429 ? 'rate-limited' : answer.status >= 500 ? 'http' : 'refused', detail })
  }
}

/**
 * Works one claimed registration through its steps: board item and note, sales alert, the
 * registrant's confirmation e-mail (not past the daily cap). Each step is recorded as done before
 * the next starts and skipped once recorded; a failure goes back to the outbox with backoff.
 */
export async function followUp(registration: Registration, deps: FollowupDeps): Promise<FollowupOutcome> {
  try {
    await boardStep(registration, deps)
    const alertsMissing = await salesAlertStep(registration, deps)
    if (!registration.overDailyCap && deps.confirmation && !registration.confirmationSentAt) {
      await sendConfirmation(registration, deps.confirmation, deps)
      await deps.store.record(registration.id, { confirmation_sent_at: deps.now() })
    }
    // Sales has the alert on one channel at least: the registrant's steps went ahead; the others are retried.
    if (alertsMissing) throw new StepError(alertsMissing)
    await deps.store.done(registration.id, {})
    return { kind: 'done' }
  } catch (error) {
    if (!(error instanceof StepError)) throw error
    const failure = error.failure
    const settled = await settleFailure(
      registration,
      { ...failure, countAttempt: true },
      { outbox: deps.store, backoff: deps.backoff, now: deps.now },
    )
    if (settled.kind === 'failed') {
      if (await deps.store.claimFailureAlert(registration.id)) {
        await alert(failedAlert(registration, `${failure.reason}: ${failure.detail}`), deps.channels).catch((alertError: unknown) =>
          deps.logger.error('enterprise failure alert not sent', { registrationId: registration.id, message: String(alertError) }),
        )
      }
      return { kind: 'failed', failure }
    }
    return { kind: 'retry', failure }
  }
}
