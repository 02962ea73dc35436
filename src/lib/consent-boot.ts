import { CONSENT_REGIONS, type ConsentSignals, type ConsentState, signalsFor, storedCategories, WAIT_FOR_UPDATE_MS } from './consent-mode'
import { installGtag } from './gtag'

// Google Consent Mode v2, set inline in the document's head before any tag or other gtag command
// (bundled into the page by scripts/boot-scripts.mjs). It defines `gtag`, denies all four signals
// for the EEA, the UK and Switzerland, sets the configured default everywhere else, and applies a
// choice the visitor already made (the consent library's cookie) at once, so a tag that loads
// before the library does not start with the wrong state.

const all = (state: ConsentState): ConsentSignals => ({
  ad_storage: state,
  analytics_storage: state,
  ad_user_data: state,
  ad_personalization: state,
})

export default function consentBoot(fallback: ConsentState) {
  const gtag = installGtag()
  gtag('consent', 'default', { ...all('denied'), region: [...CONSENT_REGIONS], wait_for_update: WAIT_FOR_UPDATE_MS })
  gtag('consent', 'default', all(fallback))
  // Where ad_storage is denied, ad click identifiers are redacted from what the tags send.
  gtag('set', 'ads_data_redaction', true)
  let categories: string[] | undefined
  try {
    categories = storedCategories(document.cookie)
  } catch {
    // Cookies blocked (a sandboxed frame): no stored choice.
  }
  if (categories) gtag('consent', 'update', signalsFor(categories))
}
