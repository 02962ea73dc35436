import { useEffect } from 'react'
import { createRootRouteWithContext, HeadContent, Outlet, retainSearchParams, Scripts, stripSearchParams } from '@tanstack/react-router'
import type { RouterContext } from '@/router'
import { site } from '@/site'
import { appAssets } from '@/lib/app-assets'
import { scrollToTop } from '@/lib/scroll'
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
      { rel: 'preload', as: 'image', href: site.logo, type: 'image/svg+xml' },
      { rel: 'preload', as: 'image', href: site.heroImage, type: 'image/svg+xml' },
    ],
    scripts: appAssets.scripts,
  }),
  component: RootDocument,
})

function RootDocument() {
  // A marker for tests and tools: the page is interactive once the client has hydrated it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
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
      <SiteFooter />
    </>
  )
}
