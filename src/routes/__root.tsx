import { useEffect } from 'react'
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  retainSearchParams,
  Scripts,
  stripSearchParams,
  useHydrated,
} from '@tanstack/react-router'
import type { RouterContext } from '@/router'
import { appAssets } from '@/lib/app-assets'
import { consentBoot } from '@/lib/consent-mode'
import { readConsentConfig } from '@/config'
import { scrollToTop } from '@/lib/scroll'
import { shellHydrated } from '@/lib/hydration-progress'
import { SiteHeader } from '@/ui/layout/site-header'
import { SiteFooter } from '@/ui/layout/site-footer'
import { trackingDefaults, TrackingSearchSchema, type TrackingSearch } from '@/schemas/tracking-search'

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: TrackingSearchSchema,
  // Tracking values follow the visitor through the site, so a lead sent from any page keeps its source.
  search: {
    middlewares: [retainSearchParams<TrackingSearch>(['platform', 'keyword']), stripSearchParams<TrackingSearch>(trackingDefaults)],
  },
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#1f5ae0' },
    ],
    links: [
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'stylesheet', href: appAssets.stylesheet },
    ],
    // Consent Mode's defaults come first, before any tag or gtag command (issue 22).
    scripts: [{ children: consentBoot(readConsentConfig().fallback) }, ...appAssets.headScripts],
  }),
  scripts: () => appAssets.bodyScripts,
  component: RootDocument,
})

function RootDocument() {
  // Marks for tests and tools: `data-hydrated` once the shell and every deferred part have hydrated.
  useEffect(shellHydrated, [])
  // The client-only build the bench compares against renders into an empty shell; React hoists the head tags.
  if (import.meta.env.VITE_CLIENT_ONLY === 'true') {
    return (
      <>
        <HeadContent />
        <PageBody />
      </>
    )
  }
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        <PageBody />
        <Scripts />
      </body>
    </html>
  )
}

function PageBody() {
  const { services } = Route.useRouteContext()
  // Before hydration the footer links to the cookie policy; once the script runs it opens the dialog.
  const hydrated = useHydrated()
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader onBackToTop={scrollToTop} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter onCookieSettings={hydrated ? services.consent.openPreferences : undefined} />
    </>
  )
}
