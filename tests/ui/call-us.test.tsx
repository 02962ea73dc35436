import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CallUs } from '@/ui/lead-form/call-us'

// Issue 38 point 7: two ways to reach a person, and a number callers outside Australia can dial.
describe('CallUs, the way forward under every failure', () => {
  it('offers the sales phone, its +61 form and an e-mail link in one sentence', () => {
    render(<CallUs before="If it fails again, call us on" after=", or try again in 10 minutes" />)
    const line = screen.getByText(/^If it fails again/)
    expect(line).toHaveTextContent(
      'If it fails again, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example, or try again in 10 minutes.',
    )
    expect(screen.getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
    expect(screen.getByRole('link', { name: '+61 2 5550 4019' })).toHaveAttribute('href', 'tel:+61255504019')
    expect(screen.getByRole('link', { name: 'hello@reviewlift.example' })).toHaveAttribute('href', 'mailto:hello@reviewlift.example')
  })
})
