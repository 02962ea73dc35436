// What the mocked systems received, readable from tests and from the browser console
// (`window.__mockRequests`), so a tester can see exactly what a real service would have been sent.
export type RecordedRequest = { system: string; body: unknown; at: number }

type Store = { __mockRequests?: RecordedRequest[] }
const store = globalThis as Store

export function recordRequest(system: string, body: unknown): void {
  ;(store.__mockRequests ??= []).push({ system, body, at: Date.now() })
}

export const recordedRequests = (system?: string): RecordedRequest[] =>
  (store.__mockRequests ?? []).filter((entry) => !system || entry.system === system)

export function clearRecordedRequests(): void {
  store.__mockRequests = []
}
