import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'
import { parseConfig } from '@/config'
import { createServices, type Services } from '@/services/create-services'
import { createRecordingAnalytics, LEAD_EVENTS } from '@/services/analytics'
import { TrackingSearchSchema } from '@/schemas/tracking-search'
import { LeadCapture } from '@/routes/-components/lead-capture'

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
  Element.prototype.scrollIntoView = () => {}
})
afterAll(() => {
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

function renderApp() {
  const analytics = createRecordingAnalytics()
  const services: Services = createServices(parseConfig({ VITE_MOCK_SERVICES: 'true' }), { analytics })
  const rootRoute = createRootRouteWithContext<{ services: Services }>()({
    validateSearch: TrackingSearchSchema,
    component: () => <Outlet />,
  })
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <LeadCapture /> })
  const scheduleRoute = createRoute({ getParentRoute: () => rootRoute, path: '/schedule', component: () => <h1>You're One Step Away</h1> })
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, scheduleRoute]),
    history: createMemoryHistory({ initialEntries: ['/?platform=google&keyword=vet'] }),
    context: { services },
  })
  render(<RouterProvider router={router} />)
  return { analytics, router }
}

beforeEach(() => clearRecordedRequests())

describe('LeadCapture', () => {
  it('submits the typed lead with tracking and source, opens Congrats and clears the form', async () => {
    const user = userEvent.setup()
    const { analytics } = renderApp()

    await user.selectOptions(await screen.findByLabelText('Number of locations'), '2-10')
    await user.type(screen.getByLabelText('Full name'), 'Jane Doe')
    await user.type(screen.getByLabelText('Phone'), '0422470721')
    await user.type(screen.getByLabelText('Email'), 'jane@example.com')
    const address = screen.getByRole('combobox', { name: 'Business address' })
    await user.type(address, 'main st')
    const listbox = await screen.findByRole('listbox', { name: 'Business address suggestions' })
    expect(listbox).toBeVisible()
    await user.keyboard('{ArrowDown}{Enter}')
    expect(address).toHaveValue('12 Main Street, Springfield IL, USA')
    await user.click(screen.getByRole('button', { name: 'Get My Free Consultation' }))

    expect(await screen.findByRole('dialog', { name: 'Congrats!' })).toBeInTheDocument()
    expect(screen.getByLabelText('Full name')).toHaveValue('')
    expect(recordedRequests('leads').map((r) => r.body)).toEqual([
      {
        submissionId: expect.any(String),
        lead: { locations: '2-10', name: 'Jane Doe', phone: '0422470721', email: 'jane@example.com', business: '12 Main Street, Springfield IL, USA', note: '' },
        tracking: { platform: 'google', keyword: 'vet' },
        source: { path: '/', label: 'Homepage' },
      },
    ])
    expect(analytics.events).toEqual(LEAD_EVENTS('AW-MOCK/lead'))
    await waitFor(() => expect(address).toHaveValue(''))
  })
})
