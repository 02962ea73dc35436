import { expect } from 'vitest'
import { FailureError } from '@/schemas/failure'

/** Awaits a promise that must reject with a Failure, and returns it. */
export async function failure(promise: Promise<unknown>): Promise<FailureError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(FailureError)
  return error as FailureError
}
