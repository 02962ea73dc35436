import type { ConsentConfig } from '@/config'
import { asksAtOnce, currentTimeZone, storedCategories } from '@/lib/consent-mode'
import { whenIdle } from '@/lib/when-idle'
import { consentNow, type AdConsentState } from '@/lib/ad-click'

export { asksAtOnce } from '@/lib/consent-mode'

export interface ConsentService {
  /** After hydration: opens the banner, once the page is idle, for a visitor it applies to who has not chosen yet. */
  start(): void
  /** The footer's 'Cookie settings': the preferences dialog, loading the library first when needed. */
  openPreferences(): void
  /** Whether analytics may receive this visit's measurements (web vitals) now. */
  analyticsAllowed(): boolean
  /** Consent as it stands now, each signal and where it came from: what a record carries when sent. */
  state(): AdConsentState
}

/** The part of the consent library this service drives. */
export type ConsentBanner = { show(createModal?: boolean): void; showPreferences(): void }

export type ConsentDeps = {
  load: () => Promise<ConsentBanner>
  timeZone: () => string
  cookie: () => string
  whenIdle: (run: () => void) => void
  /** Where the footer's control leads when the library cannot load. */
  fallback: () => void
}

export function createConsentService(config: ConsentConfig, deps: Partial<ConsentDeps> = {}): ConsentService {
  const { load, timeZone, cookie, whenIdle, fallback } = { ...browserDeps, ...deps }
  return {
    start() {
      if (storedCategories(cookie()) || !asksAtOnce(config.banner, timeZone())) return
      whenIdle(() => {
        void load()
          .then((banner) => whenNotTyping(() => banner.show(true)))
          .catch(() => {})
      })
    },
    openPreferences() {
      load()
        .then((banner) => banner.showPreferences())
        .catch(fallback)
    },
    analyticsAllowed() {
      const chosen = storedCategories(cookie())
      if (chosen) return chosen.includes('analytics')
      // Not chosen yet: those asked at once are denied until they answer, everyone else has the default.
      return !asksAtOnce(config.banner, timeZone()) && config.fallback === 'granted'
    },
    state: () => consentNow(config, cookie(), timeZone),
  }
}

const browserDeps: ConsentDeps = {
  load: () => import('./consent-banner').then(({ consentBanner }) => consentBanner()),
  timeZone: currentTimeZone,
  cookie: () => (typeof document === 'undefined' ? '' : document.cookie),
  whenIdle: (run) => whenIdle(run, 3_000, 1_500),
  fallback: () => window.location.assign('/cookies'),
}

// The banner takes focus when it opens (it is a dialog): not while someone is typing into a field.
function whenNotTyping(run: () => void) {
  const typing = () => document.activeElement?.matches('input, textarea, select, [contenteditable="true"]') ?? false
  if (!typing()) return run()
  let done = false
  const check = () =>
    setTimeout(() => {
      if (done || typing()) return
      done = true
      document.removeEventListener('focusout', check)
      run()
    })
  document.addEventListener('focusout', check)
}
