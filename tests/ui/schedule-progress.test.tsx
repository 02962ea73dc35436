import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BookingStatus } from '@/ui/schedule/booking-status'
import { ProgressSteps } from '@/ui/schedule/progress-steps'

const current = () =>
  within(screen.getByRole('list', { name: 'Your progress' }))
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('aria-current') === 'step')

describe('the schedule progress bar', () => {
  it("marks 'Schedule in progress' as the current step while the visitor chooses a time", () => {
    render(<ProgressSteps />)
    expect(current().map((item) => item.textContent)).toEqual([expect.stringContaining('Schedule in progress')])
  })

  it("moves to 'Strategy coming up' once the call is booked, the scheduling step reading 'Call booked (done)'", () => {
    render(<ProgressSteps stage="booked" />)
    expect(current().map((item) => item.textContent)).toEqual([expect.stringContaining('Strategy coming up')])
    const items = within(screen.getByRole('list', { name: 'Your progress' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '✓Application complete (done)',
      '✓Call booked (done)',
      '3Strategy coming up (current step)',
    ])
    expect(screen.queryByText(/in progress/)).toBeNull()
  })
})

describe('the booking announcement', () => {
  // jsdom has no layout and no scrollIntoView; the confirmation scrolls itself clear of the sticky header.
  const scrollIntoView = vi.fn()
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView
  })
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView
    scrollIntoView.mockReset()
  })

  it('is an empty polite live region until the booking, then names the time and where the details went', () => {
    const { rerender } = render(<BookingStatus bookedTime={null} email={null} />)
    const status = screen.getByRole('status')
    expect(status).toHaveAttribute('aria-live', 'polite')
    expect(status).toBeEmptyDOMElement()

    rerender(<BookingStatus bookedTime="Fri 27 Nov 2026, 9:00 am AEDT" email="sam@carter.example" />)
    expect(screen.getByRole('status')).toBe(status)
    const heading = screen.getByRole('heading', { level: 2, name: 'Your call is booked' })
    expect(heading).toHaveFocus()
    expect(scrollIntoView.mock.contexts).toEqual([heading])
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' })
    expect(status).toHaveTextContent('(your time)')
    expect(status).toHaveTextContent('Fri 27 Nov 2026, 9:00 am AEDT')
    expect(status).toHaveTextContent("We've sent the details to sam@carter.example.")
  })

  it('without the e-mail (the page opened directly) it says the details went to their e-mail', () => {
    render(<BookingStatus bookedTime="Fri 27 Nov 2026, 9:00 am AEDT" email={null} />)
    expect(screen.getByRole('status')).toHaveTextContent("We've sent the details to your e-mail.")
  })
})
