import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { LEADS_FUNCTION } from '@mocks/endpoints'
import { recordedRequests } from '@mocks/recorder'
import { LEAD_EVENTS } from '@/services/analytics'
import { VISIT_TRACKING_KEY } from '@/lib/visit-tracking'
import { FORM_FIELDS } from '@/schemas/lead-form-post'
import {
  chooseFirstSuggestion,
  field,
  fillContact,
  FIRST_MAIN_ST,
  renderLeadCapture,
  SCHEDULE_HEADING,
  submitButton,
  typed,
  setUpLeadCaptureTests,
} from './lead-capture-harness'

setUpLeadCaptureTests()

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('LeadCapture (wired to the mock services)', { timeout: 20_000 }, () => {
  it('renders its native post with the field names of the contract only (a general form: no note, no source note)', async () => {
    renderLeadCapture()
    const form = (await screen.findByRole('button', { name: 'Get My Free Consultation' })).closest('form')!
    const names = [...new Set([...form.elements].map((element) => element.getAttribute('name')).filter((name) => name))]
    expect(names.sort()).toEqual(FORM_FIELDS.filter((name) => name !== 'note' && name !== 'source_note').sort())
  })

  it('offers address suggestions from places and fills the address with the chosen one', async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await user.type(await screen.findByRole('combobox', { name: 'Business address' }), 'main st')
    const listbox = await screen.findByRole('listbox', { name: 'Business address suggestions' })
    const options = within(listbox).getAllByRole('option')
    expect(options.length).toBeGreaterThan(1)
    expect(options.every((option) => /main/i.test(option.textContent ?? ''))).toBe(true)
    expect(field.address()).toHaveAttribute('aria-expanded', 'true')

    await user.keyboard('{ArrowDown}')
    expect(field.address()).toHaveAttribute('aria-activedescendant', options[0]!.id)
    await user.keyboard('{Enter}')

    expect(field.address()).toHaveValue(FIRST_MAIN_ST)
    expect(field.address()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(recordedRequests('places').map((r) => (r.body as { input: string }).input)).toEqual(['main st'])
  })

  it('submits the typed lead with tracking and source, opens Congrats, clears the form and tracks the lead', async () => {
    const user = userEvent.setup({ delay: null })
    const { analytics } = renderLeadCapture()
    await fillContact(user)
    await chooseFirstSuggestion(user)
    await user.click(submitButton())

    expect(await screen.findByRole('dialog', { name: 'Congrats!' })).toBeInTheDocument()
    expect(recordedRequests('leads').map((r) => r.body)).toEqual([
      {
        submissionId: expect.stringMatching(UUID),
        lead: { ...typed, business: FIRST_MAIN_ST, note: '' },
        tracking: { platform: 'google', keyword: 'vet' },
        source: { path: '/', label: 'Homepage' },
        // The server measures the fill time now; the token is the offline widget's, taken on first touch.
        guard: { honeypot: '', fillMs: 0 },
        turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
        // The visit's tracking and the consent of the moment; no click id on this URL (docs/attribution.md).
        attribution: {
          platform: 'google',
          keyword: 'vet',
          clickIds: {},
          clickAt: null,
          landingUrl: null,
          consent: expect.objectContaining({ source: expect.any(String) }),
        },
      },
    ])
    expect(analytics.events).toEqual(LEAD_EVENTS('AW-MOCK/lead'))
    expect(analytics.events).toEqual([
      { name: 'conversion', send_to: 'AW-MOCK/lead', value: 15, currency: 'USD' },
      { name: 'generate_lead', value: 0, currency: 'USD' },
    ])
    for (const input of Object.values(field)) expect(input()).toHaveValue('')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('takes the phone as autofill writes it and sends its digits', async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await user.selectOptions(await screen.findByLabelText('Number of locations'), typed.locations)
    await user.type(field.name(), typed.name)
    await user.type(field.phone(), '+61 422 470 721')
    await user.type(field.email(), typed.email)
    await user.type(field.address(), '9 Queen Street')
    await user.click(submitButton())
    expect(await screen.findByRole('dialog', { name: 'Congrats!' })).toBeInTheDocument()
    expect(recordedRequests('leads').map((r) => (r.body as { lead: { phone: string } }).lead.phone)).toEqual(['+61422470721'])
  })

  it('tracks empty platform and keyword when the URL has none', async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture('/')
    await fillContact(user)
    await user.type(field.address(), '9 Queen Street')
    await user.click(submitButton())
    await screen.findByRole('dialog', { name: 'Congrats!' })
    expect(recordedRequests('leads')[0]?.body).toMatchObject({
      tracking: { platform: '', keyword: '' },
      lead: { business: '9 Queen Street' },
    })
  })

  it('sends the tracking values the visit landed with when this page has none in its URL', async () => {
    sessionStorage.setItem(VISIT_TRACKING_KEY, JSON.stringify({ platform: 'facebook', keyword: 'dentist' }))
    try {
      const user = userEvent.setup({ delay: null })
      renderLeadCapture('/')
      await fillContact(user)
      await user.type(field.address(), '9 Queen Street')
      await user.click(submitButton())
      await screen.findByRole('dialog', { name: 'Congrats!' })
      expect(recordedRequests('leads')[0]?.body).toMatchObject({ tracking: { platform: 'facebook', keyword: 'dentist' } })
    } finally {
      sessionStorage.clear()
    }
  })

  it('Close closes the dialog and a second lead gets a new submissionId', async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    for (const round of [1, 2]) {
      await fillContact(user)
      await user.type(field.address(), `${round} Oak Avenue`)
      await user.click(submitButton())
      await screen.findByRole('dialog', { name: 'Congrats!' })
      await user.click(screen.getByRole('button', { name: 'Close' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    }
    const ids = recordedRequests('leads').map((r) => (r.body as { submissionId: string }).submissionId)
    expect(ids).toHaveLength(2)
    expect(ids[0]).not.toBe(ids[1])
  })

  it('Schedule Your Call closes the dialog and goes to /schedule', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = renderLeadCapture()
    await fillContact(user)
    await user.type(field.address(), '64 Park Lane')
    await user.click(submitButton())
    await user.click(await screen.findByRole('button', { name: 'Schedule Your Call' }))

    expect(await screen.findByRole('heading', { name: SCHEDULE_HEADING })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/schedule')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('sends one request when the button is clicked twice while submitting', async () => {
    let requests = 0
    server.use(
      http.post(LEADS_FUNCTION, async () => {
        requests++
        await delay(300)
        return HttpResponse.json({ id: 'slow-1' })
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await fillContact(user)
    await user.type(field.address(), '17 Elm Street')

    await user.dblClick(submitButton())
    const busy = screen.getByRole('button', { name: 'Submitting...' })
    await user.click(busy)

    expect(await screen.findByRole('dialog', { name: 'Congrats!' })).toBeInTheDocument()
    expect(requests).toBe(1)
  })
})
