// The scripts and stylesheet the document loads. Names are fixed at build (vite.config.ts) so the
// server-rendered head and the hydrating client agree on them. In dev the root renders Vite's client
// and the React refresh preamble itself (what `transformIndexHtml` would inject), so they hydrate too.
// In production an inline boot in the head loads the entry at the first paint (paint-first.ts). In both, an
// inline script keeps the visit's tracking values and fills the forms' hidden fields (visit-tracking-boot.ts),
// and Consent Mode's defaults come first in the head, before any tag or gtag command (consent-boot.ts).
// Clicks on a deferred part before it has hydrated are held and replayed (held-clicks-boot.ts).
// In production the sections marked to render later are rendered once the page has loaded (render-later-boot.ts).
// Each inline script is its TypeScript module bundled at build (`?boot`, scripts/boot-scripts.mjs).
import { builtConsentConfig } from '@/config'
import { adVisitsUrl } from './ad-visits-url'
import consentBoot from './consent-boot?boot'
import heldClicksBoot from './held-clicks-boot?boot'
import paintFirstBoot from './paint-first?boot'
import renderLaterBoot from './render-later-boot?boot'
import visitTrackingBoot from './visit-tracking-boot?boot'

const reactRefreshPreamble = [
  'import { injectIntoGlobalHook } from "/@react-refresh";',
  'injectIntoGlobalHook(window);',
  'window.$RefreshReg$ = () => {};',
  'window.$RefreshSig$ = () => (type) => type;',
].join('\n')

type ScriptTag = { type?: 'module'; src?: string; children?: string }

const consentDefaults: ScriptTag = { children: consentBoot(builtConsentConfig().fallback) }
const visitTracking: ScriptTag = {
  children: visitTrackingBoot(builtConsentConfig().fallback, builtConsentConfig().banner, adVisitsUrl()),
}

/** `headScripts` run from the head; `bodyScripts` close the body, after the page's content. */
export const appAssets: { stylesheet: string; headScripts: ScriptTag[]; bodyScripts: ScriptTag[] } = import.meta.env.DEV
  ? {
      stylesheet: '/src/styles.css',
      bodyScripts: [visitTracking, { children: heldClicksBoot() }],
      headScripts: [
        consentDefaults,
        { type: 'module', children: reactRefreshPreamble },
        { type: 'module', src: '/@vite/client' },
        { type: 'module', src: '/src/entry-client.tsx' },
      ],
    }
  : {
      stylesheet: '/assets/app.css',
      headScripts: [consentDefaults, { children: paintFirstBoot('/assets/app.js') }],
      bodyScripts: [visitTracking, { children: heldClicksBoot() }, { children: renderLaterBoot() }],
    }
