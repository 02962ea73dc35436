// Renders a landing-page component at a path inside a tiny router with mock-mode services, so
// lead requests really go through ky to the MSW node handlers (as in lead-capture-harness).
import { render, screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { parseConfig } from '@/config'
import { createServices, type Services } from '@/services/create-services'
import { createRecordingAnalytics } from '@/services/analytics'
import { SCHEDULE_HEADING } from './lead-capture-harness'

export function renderAt(path: string, element: ReactNode) {
  const services: Services = createServices(parseConfig({ VITE_MOCK_SERVICES: 'true' }), { analytics: createRecordingAnalytics() })
  const rootRoute = createRootRouteWithContext<{ services: Services }>()({
    component: () => <Outlet />,
  })
  const page = createRoute({ getParentRoute: () => rootRoute, path, component: () => element })
  const schedule = createRoute({ getParentRoute: () => rootRoute, path: '/schedule', component: () => <h1>{SCHEDULE_HEADING}</h1> })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, schedule]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { services },
  })
  render(<RouterProvider router={router} />)
  return { router }
}

export const contact = {
  locations: '2-5',
  name: 'Dr Ana Lopez',
  phone: '0422470721',
  email: 'ana@pawsclinic.example',
  business: '5 Bark Street',
}

/** Fills a lead form (the one inside `scope`, or the only one) with the contact above. */
export async function fillLead(user: UserEvent, scope: HTMLElement = document.body, locations = contact.locations) {
  const q = within(scope)
  await user.selectOptions(await q.findByLabelText('Number of locations'), locations)
  await user.type(q.getByLabelText('Full name'), contact.name)
  await user.type(q.getByLabelText('Phone'), contact.phone)
  await user.type(q.getByLabelText('Email'), contact.email)
  await user.type(q.getByRole('combobox', { name: 'Business address' }), contact.business)
  await user.keyboard('{Escape}')
}

export const optionTexts = () =>
  [...(screen.getByLabelText('Number of locations') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean)
