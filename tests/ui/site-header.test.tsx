import { render, screen, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { SiteHeader } from '@/ui/layout/site-header'

function renderHeader() {
  const joinUs = { href: '#lead', hydrated: true, onActivate: () => {} }
  const root = createRootRoute({ component: () => <SiteHeader onBackToTop={() => {}} joinUs={joinUs} path="/terms" /> })
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/terms'] }) })
  return render(<RouterProvider router={router} />)
}

describe('the header’s menu', () => {
  it('is a disclosure button whose panel holds every header destination', async () => {
    renderHeader()
    const button = await screen.findByRole('button', { name: 'Menu' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    const panelId = button.getAttribute('aria-controls')!
    expect(button).toHaveAttribute('popovertarget', panelId)
    const panel = document.getElementById(panelId)!
    expect(panel).toHaveAttribute('popover', 'auto')
    const links = within(panel)
      .getAllByRole('link', { hidden: true })
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Home', '/'],
      ['Services', '/#services'],
      ['Blog', '/news'],
      ['Enterprise', '/enterprise'],
      ['Free review check', '/check'],
      ['Free AI reply', '/reply'],
      ['Contact Us', '#contact'],
      ['Login (opens in a new tab)', 'https://app.reviewlift.example'],
    ])
  })
})
