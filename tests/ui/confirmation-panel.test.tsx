import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmationPanel, type ConfirmationPanelProps } from '@/ui/confirm/confirmation-panel'

const phone = { display: '1300 555 019', href: 'tel:1300555019' }

function panel(props: Partial<ConfirmationPanelProps>) {
  const handlers = { onConfirm: vi.fn(), onNewLink: vi.fn(), onRetry: vi.fn() }
  const view = render(<ConfirmationPanel hydrated state="ready" resend={false} phone={phone} {...handlers} {...props} />)
  return { ...handlers, view }
}

describe('the /confirm panel', () => {
  it('before the script runs: says the button needs JavaScript and gives the phone, with no dead button', () => {
    panel({ hydrated: false })
    expect(screen.getByText(/The confirm button needs JavaScript/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('ready: the button confirms, by keyboard too; while posting it stays focused, is aria-disabled and the status says so', async () => {
    const user = userEvent.setup()
    const { onConfirm, view } = panel({})
    await user.tab()
    expect(screen.getByRole('button', { name: 'Confirm my e-mail address' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onConfirm).toHaveBeenCalledTimes(1)
    view.rerender(
      <ConfirmationPanel
        hydrated
        state="posting"
        resend={false}
        phone={phone}
        onConfirm={onConfirm}
        onNewLink={vi.fn()}
        onRetry={vi.fn()}
      />,
    )
    expect(screen.getByRole('button', { name: 'Confirm my e-mail address' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Confirm my e-mail address' })).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your e-mail address…')
  })

  it('confirmed: focus moves to the result', () => {
    panel({ state: 'confirmed' })
    const heading = screen.getByRole('heading', { name: 'Thank you, your e-mail address is confirmed' })
    expect(heading).toHaveFocus()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('expired: offers a new link and the phone', async () => {
    const { onNewLink } = panel({ state: 'expired' })
    expect(screen.getByRole('heading', { name: 'This link has expired' })).toHaveFocus()
    expect(screen.getByRole('link', { name: '1300 555 019' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Send me a new link' }))
    expect(onNewLink).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['invalid', 'This link does not work'],
    ['linkLimited', 'We sent a link to this address today'],
    ['failed', 'We could not confirm your address just now'],
  ])('%s: a clear message and the phone', (state, title) => {
    panel({ state })
    expect(screen.getByRole('heading', { name: title })).toHaveFocus()
    expect(screen.getByRole('link', { name: '1300 555 019' })).toBeInTheDocument()
  })

  it('already confirmed says so, without the phone', () => {
    panel({ state: 'alreadyConfirmed' })
    expect(screen.getByRole('heading', { name: 'Your e-mail address is already confirmed' })).toHaveFocus()
  })
})
