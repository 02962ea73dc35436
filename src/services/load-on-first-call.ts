import { FailureError } from '@/schemas/failure-error'

/**
 * A service whose code loads on its first call, not with every page: the landing pages paint and
 * hydrate without ky, valibot and the response schemas (issue 45). A failed load rejects as the
 * service's own failure of `kind` and is tried again on the next call.
 */
export function loadOnFirstCall<T>(service: string, kind: string, load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw new FailureError(kind, { service, detail: `the ${service} code failed to load: ${String(error)}` })
    }))
}
