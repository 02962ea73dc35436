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

export { FailureError } from './failure-error.ts'

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
