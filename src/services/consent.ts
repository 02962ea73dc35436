import type { ConsentConfig } from '@/config'
import { storedCategories } from '@/lib/consent-mode'
import { whenIdle } from '@/lib/when-idle'

export interface ConsentService {
  /** After hydration: opens the banner, once the page is idle, for a visitor it applies to who has not chosen yet. */
  start(): void
  /** The footer's 'Cookie settings': the preferences dialog, loading the library first when needed. */
  openPreferences(): void
  /** Whether analytics may receive this visit's measurements (web vitals) now. */
  analyticsAllowed(): boolean
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

/**
 * Who is asked at once: everyone with `always`; otherwise visitors whose time zone is in Europe. The
 * time zone is a heuristic (no IP lookup): it catches the EEA, the UK and Switzerland, and some who
 * are not (Istanbul, Moscow); Google's own region check still denies by default where the law asks.
 */
export const asksAtOnce = (banner: ConsentConfig['banner'], timeZone: string) => banner === 'always' || timeZone.startsWith('Europe/')

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
  }
}

const browserDeps: ConsentDeps = {
  load: () => import('./consent-banner').then(({ consentBanner }) => consentBanner()),
  timeZone: () => {
    try {
      // Temporal's answer costs nothing; Intl's first DateTimeFormat loads ICU data, a long task.
      const { Temporal } = globalThis as { Temporal?: { Now: { timeZoneId(): string } } }
      return Temporal ? Temporal.Now.timeZoneId() : (Intl.DateTimeFormat().resolvedOptions().timeZone ?? '')
    } catch {
      return ''
    }
  },
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
