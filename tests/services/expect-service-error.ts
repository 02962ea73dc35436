import { expect } from 'vitest'
import { ServiceError } from '@/services/http-failure'

/** Awaits a promise that must reject with a ServiceError, and returns that error. */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ServiceError)
  return error as ServiceError
}
