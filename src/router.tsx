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
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ErrorPage,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
