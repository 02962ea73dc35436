import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CongratsDialog } from '@/ui/lead-form/congrats-dialog'

// jsdom has HTMLDialogElement but not showModal/close: the minimum is toggling `open`.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
})
afterAll(() => {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>
  delete proto.showModal
  delete proto.close
})

function setup(open: boolean) {
  const onClose = vi.fn()
  const onSchedule = vi.fn()
  const view = render(
    <>
      <button type="button">Get My Free Consultation</button>
      <CongratsDialog open={open} onClose={onClose} onSchedule={onSchedule} />
    </>,
  )
  const rerender = (next: boolean) =>
    view.rerender(
      <>
        <button type="button">Get My Free Consultation</button>
        <CongratsDialog open={next} onClose={onClose} onSchedule={onSchedule} />
      </>,
    )
  return { onClose, onSchedule, rerender }
}

describe('CongratsDialog', () => {
  it('is not shown while closed', () => {
    setup(false)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Congrats!' })).not.toBeInTheDocument()
  })

  it('opens as a modal dialog named by its Congrats! heading', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal')
    setup(true)
    const dialog = screen.getByRole('dialog', { name: 'Congrats!' })
    expect(showModal).toHaveBeenCalledTimes(1)
    expect(dialog).toHaveAttribute('open')
    expect(screen.getByRole('heading', { level: 2, name: 'Congrats!' })).toBeInTheDocument()
    expect(dialog).toHaveAccessibleDescription(/a specialist will be in touch/)
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Schedule Your Call' })).toBeInTheDocument()
  })

  // Issue 42.1: an unverified lead is looked at by a person first, so no call is promised.
  it('for a lead kept as unverified, promises no call: a person looks first, and booking is the way on', () => {
    render(<CongratsDialog open verified={false} onClose={() => {}} onSchedule={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: 'Congrats!' })
    expect(dialog).not.toHaveAccessibleDescription(/a specialist will be in touch/)
    expect(dialog).toHaveAccessibleDescription(
      'We have your details. We could not confirm that they were sent by a person, so a person looks at them before we call. Book your free strategy call now to be sure of a time.',
    )
    expect(screen.getByRole('button', { name: 'Schedule Your Call' })).toBeInTheDocument()
  })

  it('Close calls onClose', async () => {
    const user = userEvent.setup()
    const { onClose, onSchedule } = setup(true)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(onSchedule).not.toHaveBeenCalled()
  })

  it('Schedule Your Call calls onSchedule', async () => {
    const user = userEvent.setup()
    const { onClose, onSchedule } = setup(true)
    await user.click(screen.getByRole('button', { name: 'Schedule Your Call' }))
    expect(onSchedule).toHaveBeenCalledTimes(1)
    expect(onClose).not.toHaveBeenCalled()
  })

  it('Escape (the cancel event) calls onClose and leaves closing to the owner', () => {
    const { onClose } = setup(true)
    const dialog = screen.getByRole('dialog', { name: 'Congrats!' })
    const cancel = new Event('cancel', { cancelable: true })
    fireEvent(dialog, cancel)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(cancel.defaultPrevented).toBe(true)
    expect(dialog).toHaveAttribute('open')
  })

  it('closes when the owner sets open=false and returns focus to where it was', () => {
    const trigger = () => screen.getByRole('button', { name: 'Get My Free Consultation' })
    const { rerender } = setup(false)
    trigger().focus()
    rerender(true)
    const dialog = screen.getByRole('dialog', { name: 'Congrats!' })
    rerender(false)
    expect(dialog).not.toHaveAttribute('open')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(trigger()).toHaveFocus()
  })
})
