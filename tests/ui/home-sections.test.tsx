import { act, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { industries } from '@/content/industries'
import { integrationLogos } from '@/content/integration-logos'
import { IndustriesSection } from '@/ui/home/industries-section'
import { LeadSection } from '@/ui/home/lead-section'
import { LogoStrip } from '@/ui/home/logo-strip'
import { ReportsSection } from '@/ui/home/reports-section'
import { ReviewsSection } from '@/ui/home/reviews-section'
import { SocialManagementSection } from '@/ui/home/social-management-section'

function HomeSections({ onBackToTop = () => {} }: { onBackToTop?: () => void }) {
  return (
    <main>
      <LeadSection>
        <form aria-label="Lead form">
          <button type="submit">Submit</button>
        </form>
      </LeadSection>
      <LogoStrip />
      <ReviewsSection />
      <SocialManagementSection />
      <ReportsSection />
      <IndustriesSection onBackToTop={onBackToTop} />
    </main>
  )
}

/** The sections link to other pages (the AI reply), so they render inside a router, as on the site. */
async function renderWithRouter(element: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => element }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await act(() => router.load())
  return render(<RouterProvider router={router} />)
}

function expectSizedImage(img: HTMLElement) {
  expect(img).toHaveAttribute('alt')
  expect(img.getAttribute('alt')?.trim()).not.toBe('')
  expect(Number(img.getAttribute('width'))).toBeGreaterThan(0)
  expect(Number(img.getAttribute('height'))).toBeGreaterThan(0)
}

describe('home page sections', () => {
  it('has exactly one h1, and every section is a region named by its heading', async () => {
    await renderWithRouter(<HomeSections />)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))
    expect(names).toHaveLength(6)
    for (const id of names) {
      expect(document.getElementById(id ?? '')?.tagName).toMatch(/^H[12]$/)
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Reports & Insights' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Solutions for every industry' })).toBeInTheDocument()
  })

  it('gives every image alt text and explicit dimensions', async () => {
    await renderWithRouter(<HomeSections />)
    const images = screen.getAllByRole('img').filter((el) => el.tagName === 'IMG')
    // The integration marks are inline SVG; the one <img> below the lead section is the reports chart.
    expect(images.length).toBe(1)
    images.forEach(expectSizedImage)
  })
})

describe('LeadSection', () => {
  it('shows the headline, the rating badge, the pains and the form slot', () => {
    render(
      <LeadSection>
        <form aria-label="Lead form" />
      </LeadSection>,
    )
    const lead = screen.getByRole('region', { name: /highest-rated/i })
    expect(within(lead).getByRole('heading', { level: 1 })).toHaveTextContent('Become the highest-rated business in your area')
    expect(within(lead).getByText('4.8+ stars · 200+ reviews')).toBeInTheDocument()
    expect(within(lead).getByText('Reviews sit unanswered for weeks')).toBeInTheDocument()
    expect(within(lead).getByRole('form', { name: 'Lead form' })).toBeInTheDocument()
  })

  it('puts the form straight after the headline in reading order, so phones see it first', () => {
    render(
      <LeadSection>
        <form aria-label="Lead form" />
      </LeadSection>,
    )
    const h1 = screen.getByRole('heading', { level: 1 })
    const form = screen.getByRole('form', { name: 'Lead form' })
    const pains = screen.getByText('Reviews sit unanswered for weeks')
    expect(h1.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(form.compareDocumentPosition(pains) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  // The hero image sits below the form (below the fold on a phone): it must not compete with the
  // stylesheet and the headline, which is the page's largest paint.
  it('renders the hero image lazily, without high priority, at fixed dimensions', () => {
    render(<LeadSection>{null}</LeadSection>)
    const hero = screen.getByRole('img', { name: /SMS review request/i })
    expect(hero).toHaveAttribute('src', '/images/hero.svg')
    expect(hero).toHaveAttribute('loading', 'lazy')
    expect(hero).not.toHaveAttribute('fetchpriority', 'high')
    expectSizedImage(hero)
  })
})

describe('LogoStrip', () => {
  it('is headed exactly "Trusted by 200+ Integrated Apps" and shows each app\'s mark, named, at one size', () => {
    render(<LogoStrip />)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Trusted by 200+ Integrated Apps')
    const marks = screen.getAllByRole('img')
    expect(marks.map((mark) => mark.getAttribute('aria-label'))).toEqual([
      'Google Business Profile',
      'Facebook',
      'Xero',
      'Shopify',
      'Square',
      'Calendly',
    ])
    for (const [i, mark] of marks.entries()) {
      expect(mark.tagName.toLowerCase()).toBe('svg')
      expect(mark).toHaveAttribute('fill', 'currentColor')
      expect(mark).toHaveAttribute('width', '24')
      expect(mark).toHaveAttribute('height', '24')
      expect(mark.querySelector('path')?.getAttribute('d')).toBe(integrationLogos[i]!.path)
    }
    expect(document.querySelector('img')).toBeNull()
  })
})

describe('product sections', () => {
  it('starts the services with the Reviews section, the target of /#services', async () => {
    const { container } = await renderWithRouter(<ReviewsSection />)
    const services = container.querySelector('#services')
    expect(services?.tagName).toBe('SECTION')
    expect(services).toBe(screen.getByRole('region', { name: /5-star reviews/i }))
  })

  it('names the Social Management section', () => {
    render(<SocialManagementSection />)
    expect(screen.getByRole('region', { name: 'Post once. Publish to every location.' })).toBeInTheDocument()
  })

  it('shows the sample report figures', () => {
    render(<ReportsSection />)
    const reports = screen.getByRole('region', { name: 'Reports & Insights' })
    expect(within(reports).getByText('10.2K')).toBeInTheDocument()
    expect(within(reports).getByText('SMS sent', { selector: 'dt' })).toBeInTheDocument()
    expect(within(reports).getByText('5.1K')).toBeInTheDocument()
    expect(within(reports).getByText('Conversions', { selector: 'dt' })).toBeInTheDocument()
    expect(within(reports).getByRole('img', { name: /line chart/i })).toBeInTheDocument()
  })
})

describe('IndustriesSection', () => {
  it('shows nine industry cards with their names', () => {
    render(<IndustriesSection onBackToTop={() => {}} />)
    const cards = screen.getAllByRole('heading', { level: 3 })
    expect(cards.map((h) => h.textContent)).toEqual([
      'Healthcare',
      'Real Estate',
      'Home Services',
      'Professional Services',
      'Retail',
      'Legal',
      'Financial Services',
      'Automotive',
      'Personal Services',
    ])
    expect(industries).toHaveLength(9)
  })

  it('calls onBackToTop from the Get Started Today button', async () => {
    const onBackToTop = vi.fn()
    render(<IndustriesSection onBackToTop={onBackToTop} />)
    await userEvent.click(screen.getByRole('button', { name: 'Get Started Today' }))
    expect(onBackToTop).toHaveBeenCalledTimes(1)
  })
})
