import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'
import { MOCK_SUPABASE_URL } from '@/config'
import { FailureError } from '@/schemas/failure'
import { BAD_CHARACTERS } from '@/schemas/visitor-text'
import type { RegistrationInsert } from '@/schemas/enterprise'
import { createRegistrationsService } from '@/services/registrations'
import type { RegistrationsService } from '@/services/registrations'
import { renderEnterpriseWizard } from './enterprise-harness'

beforeAll(() => {
  configure({ asyncUtilTimeout: 5_000 })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
  Element.prototype.scrollIntoView = () => {}
})
afterAll(() => {
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close
  delete (Element.prototype as Partial<Element>).scrollIntoView
})
beforeEach(() => clearRecordedRequests())

/** The wizard in StrictMode in a one-route router, places from the MSW node handlers, a fake insert. */
function renderWizard(insert: RegistrationsService['insert'] = async () => ({ verified: true })) {
  const registrations = { insert: vi.fn(insert) }
  renderEnterpriseWizard({ registrations })
  return { registrations }
}

describe('EnterpriseWizard (StrictMode, mock places)', { timeout: 20_000 }, () => {
  it('lists the errors, focuses the list, marks each field and clears a field once edited', async () => {
    const user = userEvent.setup({ delay: null })
    renderWizard()
    await user.click(await screen.findByRole('button', { name: 'Next Step' }))
    const summary = screen.getByRole('group', { name: 'Please correct the following:' })
    expect(summary).toHaveFocus()
    expect(within(summary).getAllByRole('link')).toHaveLength(10)
    const name = screen.getByLabelText('Full name')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Full name is required')
    await user.type(name, 'Jane')
    expect(name).not.toHaveAttribute('aria-invalid')
    expect(within(summary).getAllByRole('link')).toHaveLength(9)
  })

  it('fills the address from a chosen suggestion and clears its error', async () => {
    const user = userEvent.setup({ delay: null })
    renderWizard()
    await user.click(await screen.findByRole('button', { name: 'Next Step' }))
    const address = screen.getByRole('combobox', { name: 'Full business address' })
    expect(address).toHaveAccessibleDescription('Full business address is required')
    await user.type(address, 'main st')
    await screen.findByRole('listbox', { name: 'Full business address suggestions' })
    await user.keyboard('{ArrowDown}{Enter}')
    expect(address).toHaveValue('12 Main Street, Springfield IL, USA')
    expect(address).not.toHaveAttribute('aria-invalid')
  })

  it('moves focus to each step heading, keeps values on Back, and saves once', async () => {
    const user = userEvent.setup({ delay: null })
    const { registrations } = renderWizard()
    await user.type(await screen.findByLabelText('Full name'), 'Jane Doe')
    await user.type(screen.getByLabelText('Phone number'), '422470721')
    await user.type(screen.getByLabelText('Business email'), 'Jane@Example.com')
    await user.type(screen.getByLabelText('Company name'), 'Acme')
    await user.selectOptions(screen.getByLabelText('Number of seats'), '100+')
    await user.type(screen.getByRole('combobox', { name: 'Full business address' }), '1 Test Street{Escape}')
    for (const checkbox of screen.getAllByRole('checkbox')) await user.click(checkbox)
    await user.click(screen.getByRole('button', { name: 'Next Step' }))

    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toHaveFocus()
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm Package' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByRole('heading', { name: 'Contact Information' })).toHaveFocus()
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme')
    await user.click(screen.getByRole('button', { name: 'Next Step' }))

    await user.click(screen.getByRole('radio', { name: /Starter Enterprise/ }))
    await user.click(screen.getByRole('button', { name: 'Confirm Package' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Registration Is Confirmed' })).toHaveFocus())
    // Issue 35.2: the one line step 3 adds to the spec's texts.
    expect(screen.getByText('Check your inbox: confirm your e-mail address so we can send your invoice.')).toBeInTheDocument()
    expect(screen.getByText(/Your invoice is generated automatically/)).toBeInTheDocument()
    expect(registrations.insert).toHaveBeenCalledOnce()
    expect(registrations.insert.mock.calls[0]?.[0]).toMatchObject({
      phone: '+61422470721',
      email: 'jane@example.com',
      seats: '100+',
      selected_plan: 'starter',
      billing_cycle: 'quarterly',
    })
  })

  it('shows the alert and keeps the plan when saving fails', async () => {
    const user = userEvent.setup({ delay: null })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderWizard(async () => {
      throw new Error('registrations: HTTP 409')
    })
    await user.type(await screen.findByLabelText('Full name'), 'Jane Doe')
    await user.type(screen.getByLabelText('Phone number'), '+14155550100')
    await user.type(screen.getByLabelText('Business email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Company name'), 'Acme')
    await user.selectOptions(screen.getByLabelText('Number of seats'), '1-10')
    await user.type(screen.getByRole('combobox', { name: 'Full business address' }), '1 Test Street{Escape}')
    for (const checkbox of screen.getAllByRole('checkbox')) await user.click(checkbox)
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    await user.click(screen.getByRole('radio', { name: /Growth Package/ }))
    await user.click(screen.getByRole('button', { name: 'Confirm Package' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error submitting your registration. Please try again.')
    expect(screen.getByRole('radio', { name: /Growth Package/ })).toBeChecked()
    expect(warn).toHaveBeenCalledWith('Enterprise registration failed', expect.any(Error))
  })

  async function toConfirm(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Full name'), 'Jane Doe')
    await user.type(screen.getByLabelText('Phone number'), '+14155550100')
    await user.type(screen.getByLabelText('Business email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Company name'), 'Acme')
    await user.selectOptions(screen.getByLabelText('Number of seats'), '1-10')
    await user.type(screen.getByRole('combobox', { name: 'Full business address' }), '1 Test Street{Escape}')
    for (const checkbox of screen.getAllByRole('checkbox')) await user.click(checkbox)
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    await user.click(screen.getByRole('radio', { name: /Growth Package/ }))
    await user.click(screen.getByRole('button', { name: 'Confirm Package' }))
  }

  it('shows step 3 for a retried Confirm the database already has (its answer was lost): one registration id, one row', async () => {
    const user = userEvent.setup({ delay: null })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const real = createRegistrationsService({ functionsUrl: `${MOCK_SUPABASE_URL}/functions/v1` })
    let tries = 0
    renderWizard(async (row, signal) => {
      tries += 1
      const answer = await real.insert(row, signal)
      if (tries === 1) throw new FailureError('network', { service: 'registrations', detail: 'the answer was lost' })
      return answer
    })
    await toConfirm(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error submitting your registration. Please try again.')
    await user.click(screen.getByRole('button', { name: 'Confirm Package' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Registration Is Confirmed' })).toHaveFocus())
    const sent = recordedRequests('registrations').map((r) => (r.body as RegistrationInsert).submission_id)
    expect(sent).toHaveLength(2)
    expect(new Set(sent).size).toBe(1)
    // Each Confirm took a token of its own from the offline widget (tokens are single-use).
    expect(recordedRequests('registrations').map((r) => (r.body as { turnstileToken?: string }).turnstileToken)).toEqual([
      'XXXX.DUMMY.TOKEN.XXXX',
      'XXXX.DUMMY.TOKEN.XXXX',
    ])
    // The consent of the moment goes with it (docs/attribution.md); this visit came without an ad click.
    expect(recordedRequests('registrations').map((r) => (r.body as { attribution?: unknown }).attribution)).toEqual([
      expect.objectContaining({ clickIds: {}, clickAt: null, landingUrl: null, consent: expect.objectContaining({ source: 'not-asked' }) }),
      expect.objectContaining({ clickIds: {}, consent: expect.objectContaining({ source: 'not-asked' }) }),
    ])
  })

  it('says to call when the network has registered too often, with the sales phone, and keeps step 2 as chosen', async () => {
    const user = userEvent.setup({ delay: null })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderWizard(async () => {
      throw new FailureError('rate-limited', { service: 'registrations', status: 429 })
    })
    await toConfirm(user)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'Too many registrations from your network. Please call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
    )
    expect(within(alert).getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Growth Package/ })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme')
    expect(screen.getByLabelText('Business email')).toHaveValue('jane@example.com')
  })

  it('says which text to retype when the database refuses a character, and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderWizard(async () => {
      throw new FailureError('bad-characters', { service: 'registrations', status: 400 })
    })
    await toConfirm(user)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(BAD_CHARACTERS)
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme')
  })
})
