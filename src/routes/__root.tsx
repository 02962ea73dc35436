import { useEffect } from 'react'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import type { RouterContext } from '@/router'
import { appAssets } from '@/lib/app-assets'
import { scrollToTop } from '@/lib/scroll'
import { shellHydrated } from '@/lib/hydration-progress'
import { SiteHeader } from '@/ui/layout/site-header'
import { SiteFooter } from '@/ui/layout/site-footer'

export const Route = createRootRouteWithContext<RouterContext>()({
  // No search params at the root: links are plain paths, and an ad click's tracking values are kept
  // for the visit in sessionStorage instead of in every URL (src/lib/visit-tracking.ts, decision 012).
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
    scripts: appAssets.headScripts,
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
