import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CalendarPanel } from '@/ui/schedule/calendar-panel'

const renderFailed = (bookingUrl: string | undefined) =>
  render(<CalendarPanel status="failed" bookingUrl={bookingUrl} triggerAttributes={{}} hostId="host" triggerId="trigger" />)

// Issue 29 point 3: a bare tel: link shows no number and opens a phone-app prompt on a desktop.
describe('the schedule page when the calendar cannot load', () => {
  it('shows the sales phone and its +61 form as numbers to read and to dial, and the e-mail', () => {
    renderFailed(undefined)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent(
      'The booking calendar could not load. Call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example to book your call.',
    )
    expect(within(status).getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
    expect(within(status).getByRole('link', { name: '+61 2 5550 4019' })).toHaveAttribute('href', 'tel:+61255504019')
    expect(within(status).getByRole('link', { name: 'hello@reviewlift.example' })).toHaveAttribute(
      'href',
      'mailto:hello@reviewlift.example',
    )
    expect(within(status).getAllByRole('link')).toHaveLength(3)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it("offers the calendar's own page beside the phone when one is configured", () => {
    renderFailed('https://cal.example/reviewlift/30min')
    const status = screen.getByRole('status')
    expect(within(status).getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
    expect(within(status).getByRole('link', { name: 'pick a time on our booking page' })).toHaveAttribute(
      'href',
      'https://cal.example/reviewlift/30min',
    )
  })
})
