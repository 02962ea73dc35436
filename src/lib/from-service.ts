import { fromPromise } from 'xstate'

/** The call's outcome, except that a call its signal aborted never settles. */
export const unlessAborted = <T>(call: Promise<T>, signal: AbortSignal): Promise<T> =>
  call.catch((error: unknown) => (signal.aborted ? new Promise<never>(() => {}) : Promise.reject(error)))

/**
 * An injected service call as a promise actor, given the actor's signal. A call aborted because its
 * actor stopped settles never: React's development double start restores a stopped actor from its
 * snapshot, and the old call's abort would otherwise reach the restored machine as its failure.
 */
export const fromService = <Output, Input>(call: (input: Input, signal: AbortSignal) => Promise<Output>) =>
  fromPromise<Output, Input>(({ input, signal }) => unlessAborted(call(input, signal), signal))
