/** Runs `run` when the browser is idle, at the latest after `timeoutMs`; a plain timer where idle callbacks are missing (Safari). */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs: number) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: timeoutMs })
  else setTimeout(run, fallbackMs)
}
