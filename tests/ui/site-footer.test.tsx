import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { SiteFooter } from '@/ui/layout/site-footer'

function renderFooter(onCookieSettings?: () => void) {
  const root = createRootRoute({ component: () => <SiteFooter onCookieSettings={onCookieSettings} /> })
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) })
  return render(<RouterProvider router={router} />)
}

describe('the footer’s Cookie settings', () => {
  it('is a button that opens the cookie preferences once the script runs', async () => {
    const onCookieSettings = vi.fn()
    renderFooter(onCookieSettings)
    const button = await screen.findByRole('button', { name: 'Cookie settings' })
    expect(button).toHaveAttribute('aria-haspopup', 'dialog')
    await userEvent.click(button)
    expect(onCookieSettings).toHaveBeenCalledOnce()
  })

  it('links to the cookie policy before the script runs (or without it)', async () => {
    renderFooter()
    expect(await screen.findByRole('link', { name: 'Cookie settings' })).toHaveAttribute('href', '/cookies')
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).not.toBeInTheDocument()
  })
})
