import * as v from 'valibot'

/**
 * A failed call, named by what the page can offer next: machines decide on `kind`, copy is keyed on
 * it, and `retryAfterSeconds` is the wait the server asked for (Retry-After), when it said. Every
 * service rejects with this one shape; `readFailure` is its one reader.
 */
export interface Failure<Kind extends string = string> {
  readonly kind: Kind
  readonly retryAfterSeconds?: number
  /** What a refused request named (a 400's `issues`), when it said. */
  readonly issues?: readonly FailureIssue[]
}
export type FailureIssue = { path: string; message: string }

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

export const FailureIssuesSchema = v.array(v.object({ path: v.string(), message: v.string() }))
const FailureShape = v.object({ kind: v.string(), retryAfterSeconds: v.optional(v.unknown()), issues: v.optional(v.unknown()) })

/**
 * What a rejection says as a Failure of `kinds`: its kind when it is one of them, else `fallback`
 * (anything else that went wrong), and a positive wait when one was given.
 */
export function readFailure<Kind extends string>(error: unknown, kinds: readonly Kind[], fallback: Kind): Failure<Kind> {
  const shape = v.safeParse(FailureShape, error)
  if (!shape.success) return { kind: fallback }
  const kind = (kinds as readonly string[]).includes(shape.output.kind) ? (shape.output.kind as Kind) : fallback
  const wait = shape.output.retryAfterSeconds
  const issues = v.safeParse(FailureIssuesSchema, shape.output.issues)
  return {
    kind,
    ...(typeof wait === 'number' && wait > 0 ? { retryAfterSeconds: wait } : {}),
    ...(issues.success && issues.output.length > 0 ? { issues: issues.output } : {}),
  }
}
