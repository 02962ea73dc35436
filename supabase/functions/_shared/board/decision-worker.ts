import { opsContext } from '../alerts/ops.ts'
import { escapeHtml } from './update-note.ts'
import type { Board } from './board.ts'
import type { BackoffPolicy } from '../outbox/backoff.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import type { Claimed } from '../outbox/outbox.ts'
import { settleFailure } from '../outbox/settle.ts'
import { StepFailed } from '../outbox/step-failure.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import type { Logger } from '../runtime/logger.ts'
import type { BoardFailure } from './client.ts'
import { bookingReleaseNote } from './booking-release-note.ts'
import { decisionFailedNotice } from '../notify/deal-notices.ts'
import { failingWithNotice } from '../notify/outbox-notice.ts'
import type { DecisionItem, DecisionStore, SubjectKind } from './decision-store.ts'
import { itemPlace, moveItem, nameWithoutReviewPrefix, renameItem, userName, type BoardStep } from './review-item.ts'
import { createUpdateOnce } from './update-once.ts'

export type DecisionWorkerDeps = {
  store: DecisionStore
  board: Board
  /** MONDAY_REVIEW_GROUP_ID: an item is moved out only while it is still there. */
  reviewGroupId: string
  /** Where a released item goes: the group its kind of record normally sits in. */
  normalGroups: Record<SubjectKind, string>
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
}

export type DecisionOutcomeKind = { kind: 'done' } | { kind: 'retry' } | { kind: 'failed' }

function ok<T>(step: BoardStep<T> | { ok: true; id: string } | { ok: false; failure: BoardFailure }): T {
  if (!step.ok) {
    const { reason, message, retryInMs } = step.failure
    throw new StepFailed({ reason, detail: message, retryInMs })
  }
  return ('value' in step ? step.value : undefined) as T
}

/** Out of 'Needs a look' into its normal group, without the reason in its name: each read first, so a retry does no more. */
async function release(item: DecisionItem, kind: SubjectKind, deps: DecisionWorkerDeps): Promise<void> {
  const { client, boardId } = deps.board
  const place = ok(await itemPlace(client, item.itemId))
  if (!place) return
  // A person who already moved it elsewhere chose its place: it stays there.
  if (place.groupId === deps.reviewGroupId) ok(await moveItem(client, item.itemId, deps.normalGroups[kind]))
  const name = nameWithoutReviewPrefix(place.name)
  if (name) ok(await renameItem(client, boardId, item.itemId, name))
}

/** Who set the column, escaped: their name on the board, else their id. */
async function byWhom(item: DecisionItem, deps: DecisionWorkerDeps): Promise<string> {
  const who = item.userId ? ok(await userName(deps.board.client, item.userId)) : undefined
  return who ? `by ${escapeHtml(who)}` : item.userId ? `by board user ${escapeHtml(item.userId)}` : 'on the board'
}

/** A released booking's own item stays as its record: one note saying where the booking went, or that it went nowhere. */
async function bookingReleasedNote(item: DecisionItem, deps: DecisionWorkerDeps): Promise<void> {
  const release = await deps.store.bookingRelease(item.itemId)
  const body = bookingReleaseNote(release, await byWhom(item, deps), escapeHtml(agencyTime(item.changedAt)))
  ok(await createUpdateOnce(deps.board.client, { itemId: item.itemId, body, ref: `decision-${item.id}/note` }))
}

/** One note: who said so and when, and that nothing will be sent. */
async function notGenuineNote(item: DecisionItem, deps: DecisionWorkerDeps): Promise<void> {
  const { client } = deps.board
  const by = await byWhom(item, deps)
  const body =
    `<p><strong>Not genuine</strong>: marked ${by} on ${escapeHtml(agencyTime(item.changedAt))}.</p>` +
    '<p>Nothing will be sent for this record: no message to sales, no e-mail or invoice to the person.</p>'
  ok(await createUpdateOnce(client, { itemId: item.itemId, body, ref: `decision-${item.id}/note` }))
}

/**
 * Works one recorded decision: written on the record (record_staff_decision, once), then, while no
 * newer decision replaced it, the board follows: a release leaves 'Needs a look', a 'Not genuine'
 * gets its note; a released booking's own item also gets one note (where the booking went). A
 * decision on an item no record has, a cleared column, a repeat or an older decision changes nothing more. Board failures are retried with backoff; the last one queues one message to ops with the failure.
 */
export async function workDecision(item: Claimed<DecisionItem>, deps: DecisionWorkerDeps): Promise<DecisionOutcomeKind> {
  try {
    const decided = await deps.store.decide(item)
    keepClaim(decided !== undefined, item, 'record')
    const { outcome, subjectKind } = decided!
    if ((outcome === 'released' || outcome === 'rejected') && subjectKind && (await deps.store.stillStands(item))) {
      if (outcome === 'rejected') await notGenuineNote(item, deps)
      else {
        await release(item, subjectKind, deps)
        if (subjectKind === 'booking') await bookingReleasedNote(item, deps)
      }
    }
    keepClaim(await deps.store.done(item, {}), item, 'done')
    deps.logger.info('board decision worked', { id: item.id, itemId: item.itemId, outcome, subjectKind })
    return { kind: 'done' }
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    const { failure } = error
    deps.logger.warn('board decision not carried out on the board', { id: item.id, reason: failure.reason, detail: failure.detail })
    const outbox = failingWithNotice(deps.store, ({ reason, detail }) => decisionFailedNotice(item, `${reason}: ${detail}`, opsContext()))
    const settled = await settleFailure(item, { ...failure, countAttempt: true }, { outbox, backoff: deps.backoff, now: deps.now })
    if (settled.kind === 'retry') return { kind: 'retry' }
    return { kind: 'failed' }
  }
}
