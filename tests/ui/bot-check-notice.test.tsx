import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { botCheckCopy } from '@/content/bot-check'
import { BotCheckNotice } from '@/ui/forms/bot-check-notice'

const widget = <div data-testid="widget">widget</div>

function setup(phase: 'showing' | 'failed' | null, skipMeans?: string) {
  const onRetry = vi.fn()
  const onSkip = vi.fn()
  const props = { text: botCheckCopy, skipMeans, callUs: <p>Or call us on 1300 555 019.</p>, onRetry, onSkip, widget }
  const view = render(<BotCheckNotice phase={phase} {...props} />)
  const rerender = (next: typeof phase) => view.rerender(<BotCheckNotice phase={next} {...props} />)
  return { onRetry, onSkip, rerender }
}

describe('BotCheckNotice', () => {
  it('holds only the widget while nothing is asked of the visitor', () => {
    setup(null)
    expect(screen.getByTestId('widget')).toBeInTheDocument()
    expect(screen.queryByRole('group')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('when shown, takes the focus on its message, names its group by it, and offers Try again, Send without and the phone', async () => {
    const { onRetry, onSkip } = setup('showing', 'If you send it without the check, we keep it.')
    const message = screen.getByText(botCheckCopy.showing)
    expect(message).toHaveFocus()
    expect(screen.getByRole('group', { name: botCheckCopy.showing })).toContainElement(screen.getByTestId('widget'))
    const user = userEvent.setup()
    // The widget (here nothing focusable) sits between the message and the buttons.
    await user.tab()
    expect(screen.getByRole('button', { name: botCheckCopy.retry })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onRetry).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: botCheckCopy.skip }))
    expect(onSkip).toHaveBeenCalledOnce()
    expect(screen.getByText('If you send it without the check, we keep it.')).toBeInTheDocument()
    expect(screen.getByText('Or call us on 1300 555 019.')).toBeInTheDocument()
  })

  it('announces a failed check in place (live region), and offers no Send without where the form cannot be sent without it', () => {
    const { rerender } = setup('showing')
    const message = screen.getByText(botCheckCopy.showing)
    rerender('failed')
    expect(message).toHaveTextContent(botCheckCopy.failed)
    expect(message).toHaveAttribute('aria-live', 'assertive')
    expect(screen.queryByRole('button', { name: botCheckCopy.skip })).not.toBeInTheDocument()
  })
})
