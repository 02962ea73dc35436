import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { CheckedPlace } from '@/schemas/review-check'
import { CheckPicker } from '@/ui/check/check-picker'
import { CompetitorTable } from '@/ui/check/competitor-table'
import { ReviewGap } from '@/ui/check/review-gap'
import { ReviewLinkPanel } from '@/ui/check/review-link-panel'

const place = (id: string, name: string, rating: number | null, reviewCount: number): CheckedPlace => ({
  id,
  name,
  address: '',
  primaryType: 'veterinary_care',
  rating,
  reviewCount,
  mapsUrl: `https://maps.google.com/?cid=${id}`,
})

describe('CompetitorTable', () => {
  it('lists the places in rank order and names the business in words, not by colour alone', () => {
    render(
      <CompetitorTable
        businessId="b"
        places={[place('a', 'Newtown Vet', 4.9, 340), place('b', 'Harbourside', 4.6, 212), place('c', 'New Vet', null, 0)]}
      />,
    )
    const table = screen.getByRole('table', { name: /best rated first/ })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Newtown Vet on Google Maps (opens in a new tab)4.9340',
      '2Your businessHarbourside on Google Maps (opens in a new tab)4.6212',
      '3New Vet on Google Maps (opens in a new tab)–0',
    ])
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Your business')
    expect(within(rows[0]!).getByRole('link', { name: /Newtown Vet on Google Maps/ })).toHaveAttribute(
      'href',
      'https://maps.google.com/?cid=a',
    )
  })
})

describe('ReviewGap', () => {
  it('says how many new 5-star reviews reach the chosen target, and when it is already reached', async () => {
    const onTargetChange = vi.fn()
    const { rerender } = render(<ReviewGap rating={4.6} reviewCount={212} target={4.8} onTargetChange={onTargetChange} />)
    expect(screen.getByText(/would lift you to 4\.8 stars/)).toHaveTextContent('212 new 5-star reviews would lift you to 4.8 stars.')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Target rating' }), '4.9')
    expect(onTargetChange).toHaveBeenCalledWith(4.9)
    rerender(<ReviewGap rating={4.9} reviewCount={30} target={4.5} onTargetChange={onTargetChange} />)
    expect(screen.getByText(/already at 4\.5 stars or above/)).toBeInTheDocument()
  })
})

describe('ReviewLinkPanel', () => {
  it('offers the link, a copy button with a spoken status, and the QR code as a PNG download', async () => {
    const onCopy = vi.fn()
    const link = 'https://search.google.com/local/writereview?placeid=b'
    const { rerender } = render(<ReviewLinkPanel link={link} copyStatus="idle" qrImage={null} onCopy={onCopy} />)
    expect(screen.getByRole('textbox', { name: 'Your direct review link' })).toHaveValue(link)
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(onCopy).toHaveBeenCalled()
    rerender(<ReviewLinkPanel link={link} copyStatus="copied" qrImage="data:image/png;base64,AAAA" onCopy={onCopy} />)
    expect(screen.getByRole('status')).toHaveTextContent('Review link copied')
    expect(screen.getByRole('img', { name: 'QR code of your direct review link' })).toHaveAttribute('src', 'data:image/png;base64,AAAA')
    expect(screen.getByRole('link', { name: 'Download the QR code (PNG)' })).toHaveAttribute('download', 'review-link-qr.png')
    rerender(<ReviewLinkPanel link={link} copyStatus="failed" qrImage="failed" onCopy={onCopy} />)
    expect(screen.getByRole('status')).toHaveTextContent('Could not copy')
    expect(screen.queryByRole('img')).toBeNull()
  })
})

describe('CheckPicker', () => {
  it('cannot run before the script is ready, then runs on the button and changes the radius', async () => {
    const onSubmit = vi.fn()
    const onRadiusChange = vi.fn()
    const props = {
      businessField: () => <input aria-label="Your business" />,
      radiusKm: 5 as const,
      busy: false,
      error: null,
      typed: '',
      noMatch: false,
      offer: <button type="button">Leave the name with us</button>,
      onSubmit,
      onRadiusChange,
    }
    const { rerender, container } = render(<CheckPicker {...props} ready={false} />)
    expect(container.querySelector('form')).toBeNull()
    expect(screen.getByRole('button', { name: 'Check my reviews' })).toBeDisabled()
    rerender(<CheckPicker {...props} ready />)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Search radius' }), '10')
    expect(onRadiusChange).toHaveBeenCalledWith(10)
    await userEvent.click(screen.getByRole('button', { name: 'Check my reviews' }))
    expect(onSubmit).toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'Leave the name with us' })).toBeNull()
    rerender(<CheckPicker {...props} ready error="business-required" />)
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose your business')
    expect(screen.queryByRole('button', { name: 'Leave the name with us' })).toBeNull()
  })

  it('says when Places suggests nothing, and when text was typed but nothing picked, offering the other way each time', () => {
    const props = {
      businessField: () => <input aria-label="Your business" />,
      radiusKm: 5 as const,
      busy: false,
      ready: true,
      error: null,
      typed: ' Joe’s Pizza Bondi ',
      noMatch: true,
      offer: <button type="button">Leave the name with us</button>,
      onSubmit: vi.fn(),
      onRadiusChange: vi.fn(),
    }
    const { rerender } = render(<CheckPicker {...props} />)
    expect(screen.getByRole('status')).toHaveTextContent('No business on Google Maps matches “Joe’s Pizza Bondi”.')
    expect(screen.getByRole('button', { name: 'Leave the name with us' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()

    // Check pressed with no list to pick from: the same words, now an alert, and no second copy in the status.
    rerender(<CheckPicker {...props} error="business-not-chosen" />)
    expect(screen.getByRole('alert')).toHaveTextContent('No business on Google Maps matches “Joe’s Pizza Bondi”.')
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(screen.getByRole('button', { name: 'Leave the name with us' })).toBeInTheDocument()

    rerender(<CheckPicker {...props} noMatch={false} error="business-not-chosen" />)
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“Joe’s Pizza Bondi” is not one of the suggestions, so we cannot check it yet. Type a little more and choose your business from the list, or leave its name with us',
    )
    expect(screen.getByRole('button', { name: 'Leave the name with us' })).toBeInTheDocument()
    rerender(<CheckPicker {...props} noMatch={false} />)
    expect(screen.queryByRole('button', { name: 'Leave the name with us' })).toBeNull()
  })
})
