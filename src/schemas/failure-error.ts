// The thrown failure alone, without valibot: the services' lazy loaders reject with it on every page (issue 45).
import type { Failure, FailureIssue } from './failure.ts'

/** The thrown form of a Failure: an Error, so logs keep a message and a stack, and say which system failed. */
export class FailureError<Kind extends string = string> extends Error implements Failure<Kind> {
  override readonly name = 'Failure'
  readonly service: string
  readonly status?: number
  readonly retryAfterSeconds?: number
  readonly issues?: readonly FailureIssue[]
  constructor(
    readonly kind: Kind,
    {
      service,
      detail,
      status,
      retryAfterSeconds,
      issues,
    }: { service: string; detail?: string; status?: number; retryAfterSeconds?: number; issues?: readonly FailureIssue[] },
  ) {
    super(`${service}: ${detail ?? kind}`)
    this.service = service
    if (status !== undefined) this.status = status
    if (retryAfterSeconds !== undefined && retryAfterSeconds > 0) this.retryAfterSeconds = retryAfterSeconds
    if (issues?.length) this.issues = issues
  }
}
