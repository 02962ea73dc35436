import { render, screen, within } from '@testing-library/react'
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

// Issue 38 point 7: a 1300 number cannot be dialled from abroad, so the footer offers its +61 form and an e-mail.
describe('the footer’s contact details', () => {
  it('offer the sales phone, its form for callers outside Australia, and an e-mail link', async () => {
    renderFooter()
    const contact = (await screen.findByRole('heading', { name: 'Contact' })).parentElement!
    expect(within(contact).getByRole('link', { name: /^Phone: ?1300 555 019$/ })).toHaveAttribute('href', 'tel:1300555019')
    const abroad = within(contact).getByRole('link', { name: /^Phone: ?\+61 2 5550 4019$/ })
    expect(abroad).toHaveAttribute('href', 'tel:+61255504019')
    expect(abroad.parentElement).toHaveTextContent('+61 2 5550 4019 from outside Australia')
    expect(within(contact).getByRole('link', { name: /^Email: ?hello@reviewlift\.example$/ })).toHaveAttribute(
      'href',
      'mailto:hello@reviewlift.example',
    )
  })
})
