// The consent library and its stylesheet: a chunk of its own, loaded only when the banner or the
// preferences are to be shown (src/services/consent.ts), never before the page's first paint.
import * as CookieConsent from 'vanilla-cookieconsent'
import libraryCss from 'vanilla-cookieconsent/dist/cookieconsent.css?inline'
import { consentTexts } from '@/content/consent'
import { CONSENT_COOKIE, CONSENT_COOKIE_DAYS, signalsFor } from '@/lib/consent-mode'
import { adDataAllowed, clickFromUrl, keepClick } from '@/lib/ad-click'
import { sendAdVisit } from '@/lib/ad-visit-beacon'
import { adVisitsUrl } from '@/lib/ad-visits-url'
import { sessionStore, visitTracking } from '@/lib/visit-tracking'

// The site's palette and type, and on a phone the three buttons in one row.
const siteCss = `
#cc-main{--cc-font-family:var(--font-sans);
--cc-primary-color:#0f172a;--cc-secondary-color:#475569;--cc-btn-primary-bg:#1f5ae0;--cc-btn-primary-hover-bg:#1a47b8;
--cc-btn-secondary-bg:#eef6ff;--cc-btn-secondary-border-color:#8ec1ff;--cc-btn-secondary-hover-bg:#d9eaff;
--cc-btn-secondary-hover-border-color:#599dff;--cc-link-color:#1a47b8;--cc-toggle-on-bg:#1f5ae0}
#cc-main :focus-visible{outline:2px solid #3478f6;outline-offset:2px}
@media screen and (max-width:640px){
#cc-main .cm--bar .cm__title{font-size:1rem;padding-top:.75rem!important}
#cc-main .cm--bar .cm__desc{font-size:.875rem;line-height:1.4;padding-bottom:.25rem!important}
#cc-main .cm--bar .cm__btns{display:grid!important;grid-template-columns:repeat(3,1fr);gap:.5rem;padding:.75rem 1rem!important}
#cc-main .cm--bar .cm__btn-group{display:contents!important}
#cc-main .cm--bar .cm__btn{min-width:0!important;margin:0!important;padding:.625rem .25rem!important;font-size:.875rem}
}
`

// A choice also decides the visit's ad click (docs/attribution.md): advertising granted keeps the
// click of the page the choice is made on (the landing page, as a rule) from then on, and counts the
// visit if the boot could not (once per visit); refused forgets any kept.
const updateGtag = (categories: readonly string[]) => {
  const signals = signalsFor(categories)
  const click = clickFromUrl(location.href, performance.timeOrigin)
  const storage = sessionStore()
  keepClick(click, signals, storage)
  if (click && adDataAllowed(signals)) sendAdVisit(adVisitsUrl(), visitTracking(location.search, storage), click, storage)
  window.gtag?.('consent', 'update', signals)
}

/**
 * While the bar shows, the page gets room below its content and a scroll padding as tall as the bar,
 * so the lead form's submit button, or whatever takes focus, can always sit above it. Measured by a
 * ResizeObserver (after layout, never forcing one) and set on html and body only, not as a custom
 * property of the root, which every element would inherit and restyle.
 */
function reserveRoomFor(modal: HTMLElement) {
  const observer = new ResizeObserver(([entry]) => {
    const height = `${Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? 0)}px`
    document.documentElement.style.scrollPaddingBottom = height
    document.body.style.paddingBottom = height
  })
  observer.observe(modal)
  return () => {
    observer.disconnect()
    document.documentElement.style.scrollPaddingBottom = ''
    document.body.style.paddingBottom = ''
  }
}
let releaseRoom = () => {}

/**
 * The library moves focus into the bar 100 ms after showing it, but a bar built on first show is
 * still hidden then (its transition class comes later), so that focus is lost: give it once visible.
 */
function focusWhenVisible(selector: string, deadline = performance.now() + 2_000) {
  const modal = document.querySelector<HTMLElement>(selector)
  if (!modal || modal.contains(document.activeElement) || performance.now() > deadline) return
  if (getComputedStyle(modal).visibility === 'visible') modal.querySelector<HTMLElement>('[tabindex="-1"]')?.focus()
  else requestAnimationFrame(() => focusWhenVisible(selector, deadline))
}

const banner = {
  show() {
    CookieConsent.show(true)
    setTimeout(() => focusWhenVisible('#cc-main .cm'), 150)
  },
  showPreferences: () => CookieConsent.showPreferences(),
}

// Adding the stylesheet, running the library and building the bar are each a task of their own:
// together they were one 150 ms task on a throttled phone (Lighthouse's TBT).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

let ready: Promise<typeof banner> | undefined

/** Runs the library once (its modals stay closed until asked); later calls get the same instance. */
export function consentBanner(): Promise<typeof banner> {
  ready ??= (async () => {
    const style = document.createElement('style')
    style.dataset.consent = ''
    style.textContent = libraryCss + siteCss
    document.head.appendChild(style)
    await nextTask()
    await CookieConsent.run({
      autoShow: false,
      mode: 'opt-in',
      // The library's own bot check reads navigator.webdriver and would hide it from every test.
      hideFromBots: false,
      disablePageInteraction: false,
      cookie: { name: CONSENT_COOKIE, expiresAfterDays: CONSENT_COOKIE_DAYS, sameSite: 'Lax' },
      guiOptions: {
        consentModal: { layout: 'bar inline', position: 'bottom', equalWeightButtons: true, flipButtons: false },
        preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
      },
      categories: {
        necessary: { enabled: true, readOnly: true },
        analytics: { autoClear: { cookies: [{ name: /^_ga/ }, { name: '_gid' }] } },
        advertising: { autoClear: { cookies: [{ name: /^_gcl_/ }] } },
      },
      onFirstConsent: ({ cookie }) => updateGtag(cookie.categories),
      onChange: ({ cookie }) => updateGtag(cookie.categories),
      onModalShow: ({ modalName }) => {
        const modal = document.querySelector<HTMLElement>('#cc-main .cm')
        if (modalName === 'consentModal' && modal) releaseRoom = reserveRoomFor(modal)
      },
      onModalHide: ({ modalName }) => {
        if (modalName === 'consentModal') releaseRoom()
      },
      language: { default: 'en', translations: { en: consentTexts } },
    })
    await nextTask()
    return banner
  })()
  return ready
}
