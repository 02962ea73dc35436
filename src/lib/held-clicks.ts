/**
 * What the inline boot (held-clicks-boot.ts) gives the app: a part has hydrated, its input goes to
 * React again; a part is ready, its held clicks replay.
 */
export type HeldClicks = { hydrated?: (part: Element) => void; ready: (part: Element, replay?: boolean) => void }

declare global {
  interface Window {
    heldClicks?: HeldClicks
  }
}

/** The part has hydrated (or, `replay` false, never will): clicks held for it are clicked again. */
export const partReady = (part: Element, replay = true) => window.heldClicks?.ready(part, replay)

/** The part's hydration has committed: input aimed at it reaches React again. */
export const partHydrated = (part: Element) => window.heldClicks?.hydrated?.(part)
