import type { InspectionEvent, Observer } from 'xstate'

let observer: Observer<InspectionEvent> | undefined

/** Dev only (`?inspect`): every machine actor reports to the Stately browser inspector. */
export async function enableInspector(): Promise<void> {
  if (!import.meta.env.DEV) return
  const { createBrowserInspector } = await import('@statelyai/inspect')
  observer = createBrowserInspector().inspect
}

export const inspectObserver = (): Observer<InspectionEvent> | undefined => observer
