import { StrictMode } from 'react'
import { render } from '@testing-library/react'
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { parseConfig } from '@/config'
import { createServices, type Services } from '@/services/create-services'
import { EnterpriseWizard } from '@/routes/-components/enterprise-wizard'

/** The wizard in StrictMode in a one-route router at /enterprise, mock-mode services with the test's own overrides. */
export function renderEnterpriseWizard(overrides: Partial<Services>) {
  const services: Services = createServices(parseConfig({ VITE_MOCK_SERVICES: 'true' }), overrides)
  const rootRoute = createRootRouteWithContext<{ services: Services }>()({ component: () => <Outlet /> })
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/enterprise', component: () => <EnterpriseWizard /> })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/enterprise'] }),
    context: { services },
  })
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}
