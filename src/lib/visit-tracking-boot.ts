import type { ConsentConfig } from '@/config'
import { ATTRIBUTION_FIELD } from '@/schemas/attribution-fields'
import { adDataAllowed, clickFromUrl, consentNow, keepClick, visitAttribution } from './ad-click'
import { sendAdVisit } from './ad-visit-beacon'
import { currentTimeZone } from './consent-mode'
import { keepAdClick, sessionStore, visitTracking } from './visit-tracking'

// Runs inline at the end of every page's body (bundled into the page by scripts/boot-scripts.mjs),
// before the app's script (which loads only after the first paint, decision 011) and even if it
// never loads. When the visit lands from an ad click (`?platform=google&keyword=vet`), it keeps the
// values in sessionStorage for the visit; then it fills the hidden tracking fields of the page's
// lead forms with the visit's tracking, read as the forms read it (visitTracking), so a native post
// sent before hydration carries them too (decision 012). A click id (gclid, fbclid...) is kept only
// while advertising consent allows it, and a native post's `attribution` field is filled as it is
// sent, with the consent of that moment (docs/attribution.md). A kept click counts the visit once
// (`adVisits`, the ad-visits function's URL; none: nothing is sent).
export default function visitTrackingBoot(fallback: ConsentConfig['fallback'], banner: ConsentConfig['banner'], adVisits = '') {
  const storage = sessionStore()
  keepAdClick(location.search, storage)
  const tracking = visitTracking(location.search, storage)
  for (const name of ['platform', 'keyword'] as const) {
    for (const input of document.querySelectorAll<HTMLInputElement>(`form input[type="hidden"][name="${name}"]`))
      input.value = tracking[name]
  }
  const consentState = () => consentNow({ fallback, banner }, document.cookie, currentTimeZone)
  const click = clickFromUrl(location.href, performance.timeOrigin)
  if (click) {
    const consent = consentState()
    keepClick(click, consent, storage)
    if (adDataAllowed(consent)) sendAdVisit(adVisits, tracking, click, storage)
  }
  // The entry list of a submission is built after its submit event: what is written here is sent.
  document.addEventListener(
    'submit',
    (event) => {
      const field = (event.target as HTMLFormElement).querySelector<HTMLInputElement>(`input[name="${ATTRIBUTION_FIELD}"]`)
      if (field)
        field.value = JSON.stringify(
          visitAttribution(
            visitTracking(location.search, storage),
            consentState(),
            { href: location.href, clickAt: performance.timeOrigin },
            storage,
          ),
        )
    },
    true,
  )
}
