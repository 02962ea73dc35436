import type { Logger } from '../runtime/logger.ts'

/** Starts `task` once the answer is decided and keeps the invocation alive until it settles; never throws. */
export type AfterResponse = (task: () => Promise<unknown>) => void

type EdgeRuntimeGlobal = { waitUntil(promise: Promise<unknown>): void }

/**
 * On Supabase the instance lives until every promise given to `EdgeRuntime.waitUntil` settles.
 * Plain Deno (`npm run functions:*`, the function tests, the bench) has no `EdgeRuntime`: its
 * server keeps the process up, so the task only needs to be started and its failure caught.
 */
export function afterResponse(logger: Logger): AfterResponse {
  const runtime = (globalThis as { EdgeRuntime?: EdgeRuntimeGlobal }).EdgeRuntime
  return (task) => {
    // A macrotask: the answer is written before the task's first step runs.
    const running = new Promise((resolve) => setTimeout(resolve, 0))
      .then(task)
      .catch((error: unknown) => logger.error('work after the response failed', { message: String(error) }))
    runtime?.waitUntil(running)
  }
}
