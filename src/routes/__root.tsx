import { lazy, Suspense, useEffect, useReducer, useRef } from 'react'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useHydrated, useLocation, useRouter } from '@tanstack/react-router'
import type { RouterContext } from '@/router'
import { appAssets } from '@/lib/app-assets'
import { scrollToTop } from '@/lib/scroll'
import { joinUsAction } from '@/lib/join-us'
import { scrollToHashTarget } from '@/lib/hash-scroll'
import { focusNewPage } from '@/lib/route-focus'
import { pageFor, type PageEntry } from '@/content/pages'
import { shellHydrated } from '@/lib/hydration-progress'
import { SiteHeader } from '@/ui/layout/site-header'
import { SiteFooter } from '@/ui/layout/site-footer'
import type { JoinUsDialogHandle } from './-components/join-us-dialog'

// The Join Us dialog (the lead form and its machines) loads when the visitor reaches for the button.
const loadJoinUsDialog = () => import('./-components/join-us-dialog')
const JoinUsDialog = lazy(loadJoinUsDialog)
const preloadJoinUsDialog = () => void loadJoinUsDialog()

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
  const router = useRouter()
  useEffect(() => {
    let cancel = () => {}
    const unsubscribe = router.subscribe('onRendered', (event) => {
      cancel()
      cancel = scrollToHashTarget(event.toLocation.hash)
      focusNewPage(event)
    })
    return () => {
      unsubscribe()
      cancel()
    }
  }, [router])
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
  const path = useLocation({ select: (location) => location.pathname })
  const page = pageFor(path)
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header page={page} path={path} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <Footer flush={page?.endsOnBand === true} />
    </>
  )
}

/** The header and the Join Us dialog it may open; only they render again once hydrated. */
function Header({ page, path }: { page: PageEntry | undefined; path: string }) {
  const hydrated = useHydrated()
  const joinUs = joinUsAction(page)
  // The root knows only that the dialog was asked for: it mounts then (open) and owns its state from
  // there; later activations ask the mounted dialog to open again.
  const [joinDialogRequested, requestJoinDialog] = useReducer(() => true, false)
  const joinDialog = useRef<JoinUsDialogHandle>(null)
  const openJoinDialog = () => (joinDialog.current ? joinDialog.current.open() : requestJoinDialog())

  return (
    <>
      <SiteHeader
        onBackToTop={scrollToTop}
        path={path}
        joinUs={
          joinUs.kind === 'scroll'
            ? { href: joinUs.href, hydrated, onActivate: scrollToTop }
            : { href: joinUs.href, hydrated, opensDialog: true, onActivate: openJoinDialog, onIntent: preloadJoinUsDialog }
        }
      />
      {joinDialogRequested && (
        <Suspense fallback={null}>
          <JoinUsDialog ref={joinDialog} />
        </Suspense>
      )}
    </>
  )
}

/** The footer; once hydrated, its Cookie settings opens the preferences (before, it links to the policy). */
function Footer({ flush }: { flush: boolean }) {
  const { services } = Route.useRouteContext()
  const hydrated = useHydrated()
  return <SiteFooter flush={flush} onCookieSettings={hydrated ? services.consent.openPreferences : undefined} />
}
