import type { OutboxFailure } from './outbox.ts'

/** Why a step of an outbox item did not go through, with the system's own wait hint when it gave one. */
export type StepFailure = OutboxFailure & { retryInMs?: number }

/** Thrown by a step (board, e-mail, invoice) that did not go through: the outbox retries it with backoff. */
export class StepFailed extends Error {
  constructor(readonly failure: StepFailure) {
    super(failure.detail)
  }
}
