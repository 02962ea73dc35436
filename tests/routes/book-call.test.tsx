import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { LEADS_FUNCTION } from '@mocks/endpoints'
import { recordedRequests } from '@mocks/recorder'
import { bookCallCopy } from '@/content/book-call'
import { BookCall } from '@/routes/-components/book-call'
import { SCHEDULE_HEADING, setUpLeadCaptureTests } from './lead-capture-harness'
import { contact, fillLead, renderAt } from './landing-harness'

setUpLeadCaptureTests()

const MODAL = { name: 'Book Your Strategy Call' }
const SUBMIT = { name: 'Book My Strategy Call' }

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  renderAt('/x18', <BookCall label="Book a call" copy={bookCallCopy.design} />)
  // Rendered in the browser (not hydrating a prerendered page), the trigger is a button at once.
  const trigger = await screen.findByRole('button', { name: 'Book a call' })
  expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
  expect(screen.queryByRole('dialog', MODAL)).not.toBeInTheDocument()
  await user.click(trigger)
  return { trigger, modal: await screen.findByRole('dialog', MODAL) }
}

describe('Book a call', { timeout: 20_000 }, () => {
  it('opens the modal; an accepted lead closes it, resets the form and shows Congrats', async () => {
    const user = userEvent.setup({ delay: null })
    const { modal } = await openModal(user)
    await fillLead(user, modal, '11-50')
    await user.click(within(modal).getByRole('button', SUBMIT))

    const congrats = await screen.findByRole('dialog', { name: 'Congrats!' })
    await waitFor(() => expect(modal).not.toHaveAttribute('open'))
    expect(within(modal).getByLabelText('Full name', { selector: 'input' })).toHaveValue('')
    expect(within(modal).getByRole('combobox', { name: 'Business address', hidden: true })).toHaveValue('')
    expect(recordedRequests('leads').map((r) => r.body)).toEqual([
      expect.objectContaining({ lead: { ...contact, locations: '11-50', note: '' }, source: { path: '/x18', label: 'X18 Page' } }),
    ])

    await user.click(within(congrats).getByRole('button', { name: 'Schedule Your Call' }))
    expect(await screen.findByRole('heading', { name: SCHEDULE_HEADING })).toBeInTheDocument()
  })

  it('reads Processing... while sending', async () => {
    server.use(
      http.post(LEADS_FUNCTION, async () => {
        await delay(300)
        return HttpResponse.json({ id: 'slow-1' })
      }),
    )
    const user = userEvent.setup({ delay: null })
    const { modal } = await openModal(user)
    await fillLead(user, modal, '2-10')
    await user.click(within(modal).getByRole('button', SUBMIT))
    expect(within(modal).getByRole('button', { name: 'Processing...' })).toHaveAttribute('aria-disabled', 'true')
    await screen.findByRole('dialog', { name: 'Congrats!' })
  })

  it('on failure stays open with the error and everything typed', async () => {
    // Retry-After past the retry budget: the error shows at once rather than after ~20 s of retries.
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json({ error: 'down' }, { status: 503, headers: { 'retry-after': '600' } })))
    const user = userEvent.setup({ delay: null })
    const { modal } = await openModal(user)
    await fillLead(user, modal, '2-10')
    await user.click(within(modal).getByRole('button', SUBMIT))

    expect(await within(modal).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.')
    expect(modal).toHaveAttribute('open')
    expect(within(modal).getByLabelText('Full name')).toHaveValue(contact.name)
    expect(within(modal).getByLabelText('Email')).toHaveValue(contact.email)
    expect(within(modal).getByRole('combobox', { name: 'Business address' })).toHaveValue(contact.business)
    expect(screen.queryByRole('dialog', { name: 'Congrats!' })).not.toBeInTheDocument()
  })

  it('speaks in the copy of its booking context: a review check result does not offer a design call', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/check', <BookCall label="Book a call to close the gap" copy={bookCallCopy.check} href="/schedule" />)
    await user.click(await screen.findByRole('button', { name: 'Book a call to close the gap' }))
    const modal = await screen.findByRole('dialog', { name: bookCallCopy.check.title })
    expect(modal).toHaveAccessibleDescription(bookCallCopy.check.text)
    expect(modal).not.toHaveTextContent(/design/i)
    expect(within(modal).getByRole('button', { name: bookCallCopy.check.submit })).toBeInTheDocument()
    expect(new Set(Object.values(bookCallCopy).map((copy) => copy.text)).size).toBe(Object.keys(bookCallCopy).length)
  })

  it('the X closes the modal and focus returns to the trigger', async () => {
    const user = userEvent.setup({ delay: null })
    const { modal, trigger } = await openModal(user)
    await user.click(within(modal).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(modal).not.toHaveAttribute('open'))
    expect(trigger).toHaveFocus()
  })
})
