import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { PHONE_INVALID } from '@/schemas/lead-phone'
import { server } from '@mocks/node'
import { LEADS_FUNCTION } from '@mocks/endpoints'
import { recordedRequests } from '@mocks/recorder'
import { field, fillContact, renderLeadCapture, setUpLeadCaptureTests, submitButton, typed } from './lead-capture-harness'

// Issue 38 point 1: a value the `leads` function would refuse is marked on its field before
// anything is sent, and a 400 from the function marks the fields it names, never the generic error.
setUpLeadCaptureTests()

const LEAD_ERROR = 'An error occurred. Please try again.'
const EMAIL_INVALID = 'Please enter a valid email'

describe('LeadCapture: the form and the function agree', { timeout: 45_000 }, () => {
  it("marks 'jane@clinic' on the e-mail field with its message, sends nothing, and sends once it is fixed", async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await user.selectOptions(await screen.findByLabelText('Number of locations'), typed.locations)
    await user.type(field.name(), typed.name)
    await user.type(field.phone(), typed.phone)
    await user.type(field.email(), 'jane@clinic')
    await user.type(field.address(), '3 Vet Clinic Way')
    await user.click(submitButton())

    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_INVALID)
    expect(field.email()).toHaveAttribute('aria-invalid', 'true')
    expect(field.email()).toHaveAccessibleDescription(EMAIL_INVALID)
    expect(field.email()).toHaveFocus()
    expect(field.email()).toHaveValue('jane@clinic')
    expect(field.name()).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText(LEAD_ERROR)).not.toBeInTheDocument()
    expect(recordedRequests('leads')).toEqual([])

    await user.type(field.email(), '.com.au')
    expect(field.email()).not.toHaveAttribute('aria-invalid')
    await user.click(submitButton())
    expect(await screen.findByRole('dialog', { name: 'Congrats!' })).toBeInTheDocument()
    expect(recordedRequests('leads')[0]?.body).toMatchObject({ lead: { email: 'jane@clinic.com.au' } })
  })

  it('a 400 naming fields marks those fields with their messages, keeps what was typed, never the generic error', async () => {
    let posts = 0
    server.use(
      http.post(LEADS_FUNCTION, () => {
        posts++
        const issues = [
          { path: 'lead.email', message: EMAIL_INVALID },
          { path: 'lead.phone', message: PHONE_INVALID },
        ]
        return HttpResponse.json({ error: 'Invalid lead', issues }, { status: 400 })
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await fillContact(user)
    await user.type(field.address(), '3 Vet Clinic Way')
    await user.click(submitButton())

    await waitFor(() => expect(field.email()).toHaveAttribute('aria-invalid', 'true'))
    expect(field.email()).toHaveAccessibleDescription(EMAIL_INVALID)
    expect(field.phone()).toHaveAttribute('aria-invalid', 'true')
    expect(field.phone()).toHaveAccessibleDescription(PHONE_INVALID)
    expect(field.phone()).toHaveFocus()
    expect(field.email()).toHaveValue(typed.email)
    expect(screen.queryByText(LEAD_ERROR)).not.toBeInTheDocument()
    expect(posts).toBe(1)
  })
})
