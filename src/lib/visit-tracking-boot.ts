import { keepAdClick, sessionStore, visitTracking } from './visit-tracking'

// Runs inline at the end of every page's body (bundled into the page by scripts/boot-scripts.mjs),
// before the app's script (which loads only after the first paint, decision 011) and even if it
// never loads. When the visit lands from an ad click (`?platform=google&keyword=vet`), it keeps the
// values in sessionStorage for the visit; then it fills the hidden tracking fields of the page's
// lead forms with the visit's tracking, read as the forms read it (visitTracking), so a native post
// sent before hydration carries them too (decision 012).
export default function visitTrackingBoot() {
  const storage = sessionStore()
  keepAdClick(location.search, storage)
  const tracking = visitTracking(location.search, storage)
  for (const name of ['platform', 'keyword'] as const) {
    for (const input of document.querySelectorAll<HTMLInputElement>(`form input[type="hidden"][name="${name}"]`))
      input.value = tracking[name]
  }
}
