import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import type { Services } from '@/services/create-services'
import { NotFoundPage } from '@/ui/layout/not-found-page'
import { ErrorPage } from '@/ui/layout/error-page'

export type RouterContext = { services: Services }

export function createAppRouter(services: Services) {
  return createRouter({
    routeTree,
    context: { services },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
