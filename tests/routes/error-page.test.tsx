import { render, screen } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { createAppRouter } from '@/router'
import { createServices } from '@/services/create-services'
import { parseConfig } from '@/config'

describe('unhandled route errors', () => {
  it('the app router shows "Unexpected Application Error" with a way home when a route throws', async () => {
    const app = createAppRouter(createServices(parseConfig({ VITE_MOCK_SERVICES: 'true' })))
    const root = createRootRoute({ component: () => <Outlet /> })
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => {
        throw new Error('boom')
      },
    })
    const router = createRouter({
      routeTree: root.addChildren([broken]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: app.options.defaultErrorComponent,
    })
    // React reports the caught render error on the console; that is the expected signal here.
    vi.mocked(console.error).mockImplementation(() => {})
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
  })
})
