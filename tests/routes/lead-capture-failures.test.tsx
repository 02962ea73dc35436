import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { LEAD_RATE_LIMITED } from '@/schemas/lead'
import { PHONE_INVALID } from '@/schemas/lead-phone'
import { server } from '@mocks/node'
import { LEADS_FUNCTION, PLACES_FUNCTION } from '@mocks/endpoints'
import { recordedRequests } from '@mocks/recorder'
import {
  chooseFirstSuggestion,
  field,
  fillContact,
  FIRST_MAIN_ST,
  renderLeadCapture,
  submitButton,
  typed,
  setUpLeadCaptureTests,
} from './lead-capture-harness'

setUpLeadCaptureTests()

const LEAD_ERROR = 'An error occurred. Please try again.'
const ADDRESS_ERROR = 'Please enter your business address'

type Body = { submissionId: string; lead: Record<string, string> }

function expectTypedValuesKept(business: string) {
  expect(field.locations()).toHaveValue(typed.locations)
  expect(field.name()).toHaveValue(typed.name)
  expect(field.phone()).toHaveValue(typed.phone)
  expect(field.email()).toHaveValue(typed.email)
  expect(field.address()).toHaveValue(business)
}

describe('LeadCapture failures', { timeout: 20_000 }, () => {
  it('shows the error in an alert when the leads function fails, keeping every typed value', async () => {
    const failed: Body[] = []
    server.use(
      http.post(LEADS_FUNCTION, async ({ request }) => {
        failed.push((await request.json()) as Body)
        // Retry-After past the browser's retry budget: the error shows at once.
        return HttpResponse.json({ error: 'The lead could not be recorded' }, { status: 503, headers: { 'retry-after': '600' } })
      }),
    )
    const user = userEvent.setup({ delay: null })
    const { analytics } = renderLeadCapture()
    await fillContact(user)
    await chooseFirstSuggestion(user)
    await user.click(submitButton())

    expect(await screen.findByRole('alert')).toHaveTextContent(LEAD_ERROR)
    expect(failed).toHaveLength(1)
    expectTypedValuesKept(FIRST_MAIN_ST)
    expect(submitButton()).toBeEnabled()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(analytics.events).toEqual([])
  })

  it('a retry after a failure sends the same submissionId and succeeds', async () => {
    const failed: Body[] = []
    server.use(
      http.post(
        LEADS_FUNCTION,
        async ({ request }) => {
          failed.push((await request.json()) as Body)
          return HttpResponse.json({ error: 'down' }, { status: 503, headers: { 'retry-after': '600' } })
        },
        { once: true },
      ),
    )
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await fillContact(user)
    await user.type(field.address(), '3 Vet Clinic Way')
    await user.click(submitButton())
    await screen.findByText(LEAD_ERROR)

    await user.click(submitButton())

    expect(await screen.findByRole('dialog', { name: 'Congrats!' })).toBeInTheDocument()
    const retried = recordedRequests('leads').map((r) => r.body as Body)
    expect(retried).toHaveLength(1)
    expect(failed).toHaveLength(1)
    expect(retried[0]!.submissionId).toBe(failed[0]!.submissionId)
    expect(retried[0]!.lead).toEqual(failed[0]!.lead)
    expect(screen.queryByText(LEAD_ERROR)).not.toBeInTheDocument()
  })

  it('refuses a blank address without a request, and typing in the address clears the message', async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await fillContact(user)
    await user.type(field.address(), '   ')
    await user.click(submitButton())

    expect(await screen.findByRole('alert')).toHaveTextContent(ADDRESS_ERROR)
    expect(field.address()).toHaveFocus()
    expect(field.address()).toHaveAttribute('aria-invalid', 'true')
    expect(field.address()).toHaveAccessibleDescription(ADDRESS_ERROR)
    expect(recordedRequests('leads')).toEqual([])
    expectTypedValuesKept('   ')

    await user.type(field.address(), '1')
    expect(screen.queryByText(ADDRESS_ERROR)).not.toBeInTheDocument()
    expect(field.address()).not.toHaveAttribute('aria-invalid')
    expect(recordedRequests('leads')).toEqual([])
  })

  it('marks every field of an empty form with its own message, focusing the first, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await user.click(await screen.findByRole('button', { name: 'Get My Free Consultation' }))
    expect(field.locations()).toHaveAccessibleDescription('Please choose the number of locations')
    expect(field.name()).toHaveAccessibleDescription('Please enter your name')
    expect(field.phone()).toHaveAccessibleDescription('Please enter your phone number')
    expect(field.email()).toHaveAccessibleDescription('Please enter your email')
    expect(field.address()).toHaveAccessibleDescription(ADDRESS_ERROR)
    expect(field.locations()).toHaveFocus()
    expect(screen.queryByText(LEAD_ERROR)).not.toBeInTheDocument()
    expect(recordedRequests('leads')).toEqual([])
  })

  it('falls back to plain text entry when places is down, and the lead still goes through', async () => {
    let placesCalls = 0
    server.use(
      http.get(PLACES_FUNCTION, () => {
        placesCalls++
        // Predictions in the body prove the failed status, not an empty answer, keeps the list shut.
        const predictions = [{ place_id: 'p1', description: '45 Oak Avenue, Austin TX, USA' }]
        return HttpResponse.json({ status: 'OK', predictions, error: 'Places is down' }, { status: 503 })
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await fillContact(user)
    await user.type(field.address(), '45 Oak Avenue')
    await waitFor(() => expect(placesCalls).toBe(1))
    // Let the failed answer reach the machine before asserting that nothing was shown.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(field.address()).toHaveAttribute('aria-expanded', 'false')
    expect(field.address()).toHaveValue('45 Oak Avenue')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.click(submitButton())
    await screen.findByRole('dialog', { name: 'Congrats!' })
    expect(recordedRequests('leads')[0]?.body).toMatchObject({ lead: { business: '45 Oak Avenue' } })
  })
})

describe('LeadCapture rate limit', { timeout: 20_000 }, () => {
  it('a 429 past the retry budget says to wait, and keeps every typed value', async () => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json({ error: 'limited' }, { status: 429, headers: { 'retry-after': '600' } })))
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await fillContact(user)
    await user.type(field.address(), '3 Vet Clinic Way')
    await user.click(submitButton())
    // Issue 29 point 7: the wait the function gave, once, instead of 'a few minutes' and then '10 minutes'.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many submissions from your connection. Please wait 10 minutes and try again.If you would rather not wait, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
    )
    expect(screen.getByRole('alert')).not.toHaveTextContent(LEAD_RATE_LIMITED)
    expectTypedValuesKept('3 Vet Clinic Way')
  })

  it('the error gives a way forward: the wait the function asked for, in words, and the sales phone', async () => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json({ error: 'down' }, { status: 503, headers: { 'retry-after': '600' } })))
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await fillContact(user)
    await user.type(field.address(), '3 Vet Clinic Way')
    await user.click(submitButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      `${LEAD_ERROR}If it fails again, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example, or try again in 10 minutes.`,
    )
    expect(within(alert).getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
  })

  it('refuses a phone of fewer than 6 digits at its field, with focus there on every try, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await user.selectOptions(await screen.findByLabelText('Number of locations'), typed.locations)
    await user.type(field.name(), typed.name)
    await user.type(field.phone(), '04 22')
    await user.type(field.email(), typed.email)
    await user.type(field.address(), '3 Vet Clinic Way')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(PHONE_INVALID)
    expect(field.phone()).toHaveFocus()
    expect(field.phone()).toHaveAccessibleDescription(PHONE_INVALID)
    await user.click(field.name())
    await user.click(submitButton())
    expect(field.phone()).toHaveFocus()
    expect(recordedRequests('leads')).toEqual([])
  })
})
