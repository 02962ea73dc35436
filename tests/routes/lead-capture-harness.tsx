// Shared by the lead-capture route tests: a tiny router around <LeadCapture /> with mock-mode
// services, so the leads and places calls really go through ky to the MSW node handlers.
import { configure, render, screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { clearRecordedRequests } from '@mocks/recorder'
import { parseConfig } from '@/config'
import { createServices, type Services } from '@/services/create-services'
import { createRecordingAnalytics } from '@/services/analytics'
import { LeadCapture } from '@/routes/-components/lead-capture'

export const SCHEDULE_HEADING = "You're One Step Away"

/**
 * What jsdom lacks (modal dialogs, scrolling), installed for the file and removed after it; a clean
 * request recorder per test; and room for real debounce and network timings on a busy machine.
 */
export function setUpLeadCaptureTests() {
  const originalScrollTo = window.scrollTo
  beforeAll(() => {
    configure({ asyncUtilTimeout: 5_000 })
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '')
    }
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open')
    }
    Element.prototype.scrollIntoView = () => {}
    window.scrollTo = () => {}
  })
  afterAll(() => {
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close
    delete (Element.prototype as Partial<Element>).scrollIntoView
    window.scrollTo = originalScrollTo
  })
  beforeEach(() => clearRecordedRequests())
}

export function renderLeadCapture(initialUrl = '/?platform=google&keyword=vet') {
  const analytics = createRecordingAnalytics()
  const services: Services = createServices(parseConfig({ VITE_MOCK_SERVICES: 'true' }), { analytics })
  const rootRoute = createRootRouteWithContext<{ services: Services }>()({
    component: () => <Outlet />,
  })
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <LeadCapture /> })
  const scheduleRoute = createRoute({ getParentRoute: () => rootRoute, path: '/schedule', component: () => <h1>{SCHEDULE_HEADING}</h1> })
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, scheduleRoute]),
    history: createMemoryHistory({ initialEntries: [initialUrl] }),
    context: { services },
  })
  render(<RouterProvider router={router} />)
  return { analytics, router }
}

export const field = {
  locations: () => screen.getByLabelText('Number of locations'),
  name: () => screen.getByLabelText('Full name'),
  phone: () => screen.getByLabelText('Phone'),
  email: () => screen.getByLabelText('Email'),
  address: () => screen.getByRole('combobox', { name: 'Business address' }),
}

export const submitButton = () => screen.getByRole('button', { name: 'Get My Free Consultation' })

export const typed = { locations: '2-10', name: 'Jane Doe', phone: '0422470721', email: 'jane@example.com' }

/** Fills everything but the address, waiting for the router to render the form first. */
export async function fillContact(user: UserEvent) {
  await user.selectOptions(await screen.findByLabelText('Number of locations'), typed.locations)
  await user.type(field.name(), typed.name)
  await user.type(field.phone(), typed.phone)
  await user.type(field.email(), typed.email)
}

/** Types a query, waits for the suggestions and takes the first with the keyboard. */
export async function chooseFirstSuggestion(user: UserEvent, query = 'main st') {
  await user.type(field.address(), query)
  await screen.findByRole('listbox', { name: 'Business address suggestions' })
  await user.keyboard('{ArrowDown}{Enter}')
}

export const FIRST_MAIN_ST = '12 Main Street, Springfield IL, USA'
