import { opsContext } from '../_shared/alerts/ops.ts'
import { createUpdateOnce } from '../_shared/board/update-once.ts'
import { keepClaim } from '../_shared/outbox/claim-lost.ts'
import { pagingOf } from '../_shared/alerts/paging.ts'
import { registrationPagingSubject } from '../_shared/alerts/paging-subjects.ts'
import { placementOf } from '../_shared/board/review-placement.ts'
import { settleFailure } from '../_shared/outbox/settle.ts'
import { registrationFailedNotice, salesNotice } from '../_shared/notify/deal-notices.ts'
import { failingWithNotice } from '../_shared/notify/outbox-notice.ts'
import { StepFailed, type StepFailure } from '../_shared/outbox/step-failure.ts'
import type { Registration } from '../_shared/enterprise/registration.ts'
import {
  boardColumnValues,
  boardItemName,
  boardNote,
  confirmedNote,
  type ConfirmState,
} from '../_shared/enterprise/messages.ts'
import { CONFIG_REASON, record, type Claim, type FollowupDeps } from './followup-deps.ts'
import { confirmRequestStep, welcomeStep } from './registrant-emails.ts'
import { invoiceSteps } from './invoice-steps.ts'

export type FollowupOutcome =
  | { kind: 'done' }
  | { kind: 'held' }
  | { kind: 'awaiting-confirmation' }
  | { kind: 'retry'; failure: StepFailure }
  | { kind: 'failed'; failure: StepFailure }

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
      const placement = placementOf(registrationPagingSubject(registration), boardItemName(registration), {
        groupId: deps.groupId,
        reviewGroupId: deps.board.reviewGroupId,
      })
      const created = await client.createItem({
        boardId,
        groupId: placement.groupId,
        itemName: placement.itemName,
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

/**
 * Takes the address's one request of the day, before the sales alert says whether it went. Taking it
 * and recording it are one transaction: a run killed in between leaves neither.
 */
async function confirmSlotStep(registration: Claim, deps: FollowupDeps): Promise<Claim> {
  if (registration.emailConfirmedAt || registration.confirmSlotAt || registration.confirmLimitedAt || !canRequest(deps)) return registration
  const at = deps.now()
  const slot = await deps.store.takeConfirmSlot(registration, at)
  keepClaim(slot !== 'lost', registration, 'record')
  if (slot === 'slot') return { ...registration, confirmSlotAt: at }
  deps.logger.warn('enterprise confirmation request over the daily limit for its address', { registrationId: registration.id })
  return { ...registration, confirmLimitedAt: at }
}

/**
 * The sales alert, queued (notifications outbox) in the one transaction that records the board
 * item it links and that sales is told: it always names the item, and is sent once per channel by
 * the notifications worker, retried there, without holding up the registrant's steps.
 */
async function salesAlertStep(registration: Claim, itemId: string, deps: FollowupDeps): Promise<void> {
  if (registration.salesAlertSentAt) return
  const notice = salesNotice(registration, { confirm: confirmState(registration, deps), invoice: Boolean(deps.invoicing) })
  const columns = { board_item_id: itemId, sales_alert_sent_at: deps.now() }
  keepClaim(await deps.store.recordWithNotice(registration, columns, [notice]), registration, 'record')
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
  const paging = pagingOf(registrationPagingSubject(claimed))
  // What a failure alert reports: the item this run found or made, once it has one.
  let known = claimed
  try {
    const itemId = await boardStep(claimed, deps)
    // The alert links the item this run found or made, not the claimed row's (still empty) board_item_id.
    const onBoard = { ...claimed, boardItemId: itemId }
    known = onBoard
    const mayContact = mayContactRegistrant(onBoard)
    const registration = mayContact ? await confirmSlotStep(onBoard, deps) : onBoard
    if (paging !== 'page') {
      // Unverified or held: it waits in 'Needs a look' and is counted in the hourly summary; nobody is paged.
      if (paging === 'summary') keepClaim(await deps.store.hold(registration), registration, 'hold')
      else keepClaim(await deps.store.done(registration, {}), registration, 'done')
      return { kind: 'held' }
    }
    await salesAlertStep(registration, itemId, deps)
    if (registration.emailConfirmedAt) await confirmedNoteStep(registration, itemId, registration.emailConfirmedAt, deps)
    if (mayContact && deps.confirmation && registration.emailConfirmedAt) {
      if (!registration.confirmationSentAt) await welcomeStep(registration, deps.confirmation, deps)
      if (deps.invoicing) await invoiceSteps(registration, deps.invoicing, deps)
    } else if (mayContact && deps.confirmation && deps.confirmLink && registration.confirmSlotAt) {
      await confirmRequestStep(registration, deps.confirmation, deps.confirmLink, deps)
      keepClaim(await deps.store.awaitConfirmation(registration), registration, 'await-confirmation')
      return { kind: 'awaiting-confirmation' }
    }
    keepClaim(await deps.store.done(registration, {}), registration, 'done')
    return { kind: 'done' }
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    const failure = error.failure
    // A record that may page nobody pages nobody when it fails either: leads-health counts it.
    const outbox = failingWithNotice(deps.store, ({ reason, detail }) =>
      paging === 'page' ? registrationFailedNotice(known, `${reason}: ${detail}`, opsContext()) : undefined,
    )
    const failsNow = failure.reason === CONFIG_REASON
    if (failsNow) keepClaim(await outbox.failed(claimed, failure), claimed, 'failed')
    const settled = failsNow
      ? { kind: 'failed' as const }
      : await settleFailure(claimed, { ...failure, countAttempt: true }, { outbox, backoff: deps.backoff, now: deps.now })
    if (settled.kind === 'failed') {
      if (paging !== 'page')
        deps.logger.error('enterprise registration failed (not paged: it waits for a person)', { registrationId: claimed.id })
      return { kind: 'failed', failure }
    }
    return { kind: 'retry', failure }
  }
}
