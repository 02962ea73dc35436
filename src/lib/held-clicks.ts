/** What the inline boot (held-clicks-boot.ts) gives the app: a part is ready, its held clicks replay. */
export type HeldClicks = { ready: (part: Element, replay?: boolean) => void }

declare global {
  interface Window {
    heldClicks?: HeldClicks
  }
}

/** The part has hydrated (or, `replay` false, never will): clicks held for it are clicked again. */
export const partReady = (part: Element, replay = true) => window.heldClicks?.ready(part, replay)
