import type { HTTPError, KyInstance, Options } from 'ky'

/** ky, loaded on the first call: no page needs it before the visitor sends something. */
export function lazyHttp(defaults: Options): () => Promise<KyInstance> {
  let instance: Promise<KyInstance> | undefined
  return () =>
    (instance ??= import('ky').then(
      ({ default: ky }) => ky.create(defaults),
      (error: unknown) => {
        // A chunk that failed to load (offline) is fetched again on the next call, which may retry.
        instance = undefined
        throw error
      },
    ))
}

// By name, so telling failures apart does not pull ky into the first chunk.
export const isHttpError = (error: unknown): error is HTTPError =>
  error instanceof Error && error.name === 'HTTPError' && 'response' in error
export const isTimeoutError = (error: unknown): boolean => error instanceof Error && error.name === 'TimeoutError'
