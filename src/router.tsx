import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import type { Services } from '@/services/create-services'
import { NotFound } from '@/routes/-components/not-found'
import { ErrorPage } from '@/ui/layout/error-page'

export type RouterContext = { services: Services }

export function createAppRouter(services: Services) {
  return createRouter({
    routeTree,
    context: { services },
    scrollRestoration: restoreScrollAfterTheFirstPage(),
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ErrorPage,
  })
}

/**
 * The router puts the window's scroll where it belongs after each render: the top of a new page,
 * the old place on Back. Not on its first render in the browser, the hydration of the prerendered
 * page: the browser and the router's inline script (rendered on the server, where this is always
 * true) placed that page while it was parsed, and the visitor may have scrolled since. The script
 * hydrates seconds after the first paint on a phone, so that render threw a visitor who had
 * scrolled back to the top, and a press aimed at what they saw (/vet's Play) landed on the hero.
 */
function restoreScrollAfterTheFirstPage(): () => boolean {
  let firstPageInBrowser = typeof document !== 'undefined'
  return () => {
    if (!firstPageInBrowser) return true
    firstPageInBrowser = false
    return false
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
