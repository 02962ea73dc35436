import { configure, screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { MOCK_SUPABASE_URL } from '@/config'
import type { TokenTake } from '@/schemas/bot-check'
import { createRegistrationsService } from '@/services/registrations'
import type { TurnstileService } from '@/services/turnstile-lazy'
import { renderEnterpriseWizard } from './enterprise-harness'
import { withScenario } from '../support/mock-scenario'

// Issue 42.1, as a registrant meets it: the wizard over the registrations function's MSW stand-in.
// Step 3 says what the function's answer makes true; a widget that gave no token is shown visibly.

const INBOX = 'Check your inbox: confirm your e-mail address so we can send your invoice.'
const NO_EMAIL = /we will not e-mail you\. Your account manager will call you/

beforeAll(() => {
  configure({ asyncUtilTimeout: 5_000 })
  Element.prototype.scrollIntoView = () => {}
})

/** A widget the test drives: the invisible one fails at once; each visible check waits for `settle`. */
function handWidget() {
  const challenges: ((take: TokenTake) => void)[] = []
  const service: TurnstileService = {
    widget:
      () =>
      ({ input, sendBack }) => {
        if (input.appearance === 'interaction-only') return void sendBack({ type: 'widget.failed' })
        challenges.push((take) =>
          sendBack('token' in take ? { type: 'widget.token', token: take.token } : { type: `widget.${take.missing}` }),
        )
      },
  }
  return { service, challenges }
}

function renderWizard(turnstile?: TurnstileService) {
  const registrations = createRegistrationsService({ functionsUrl: `${MOCK_SUPABASE_URL}/functions/v1`, retryBudgetMs: 0 })
  const insert = vi.spyOn(registrations, 'insert')
  renderEnterpriseWizard({ registrations, ...(turnstile ? { turnstile } : {}) })
  return { insert }
}

async function confirmStarter(user: UserEvent) {
  await user.type(await screen.findByLabelText('Full name'), 'Jane Doe')
  await user.type(screen.getByLabelText('Phone number'), '422470721')
  await user.type(screen.getByLabelText('Business email'), 'jane@example.com')
  await user.type(screen.getByLabelText('Company name'), 'Acme')
  await user.selectOptions(screen.getByLabelText('Number of seats'), '100+')
  await user.type(screen.getByRole('combobox', { name: 'Full business address' }), '1 Test Street{Escape}')
  for (const checkbox of screen.getAllByRole('checkbox')) await user.click(checkbox)
  await user.click(screen.getByRole('button', { name: 'Next Step' }))
  await user.click(screen.getByRole('radio', { name: /Starter Enterprise/ }))
  await user.click(screen.getByRole('button', { name: 'Confirm Package' }))
}

describe('EnterpriseWizard and the bot check', { timeout: 20_000 }, () => {
  it('promises the e-mail when the function says verified', async () => {
    renderWizard()
    await confirmStarter(userEvent.setup({ delay: null }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Registration Is Confirmed' })).toHaveFocus())
    expect(screen.getByText(INBOX)).toBeInTheDocument()
  })

  it('promises no e-mail when the function kept it unverified (a refused token), and gives the phone and e-mail', async () => {
    await withScenario('turnstile-failed', async () => {
      const { insert } = renderWizard()
      await confirmStarter(userEvent.setup({ delay: null }))
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Registration Is Confirmed' })).toHaveFocus())
      expect(insert.mock.calls[0]?.[0]).toHaveProperty('turnstileToken', 'XXXX.DUMMY.TOKEN.XXXX')
      expect(screen.queryByText(INBOX)).not.toBeInTheDocument()
      expect(screen.queryByText(/Your invoice is generated automatically/)).not.toBeInTheDocument()
      expect(screen.getByText(NO_EMAIL)).toBeInTheDocument()
      const reachUs = screen.getByText(/^To reach us sooner, call us on/)
      expect(reachUs.querySelector('a[href^="tel:"]')).not.toBeNull()
      expect(reachUs.querySelector('a[href^="mailto:"]')).not.toBeNull()
    })
  })

  it('shows the check when no token came: focus on its message, Try again shows it afresh, Send without records it unverified', async () => {
    const widget = handWidget()
    const user = userEvent.setup({ delay: null })
    const { insert } = renderWizard(widget.service)
    await confirmStarter(user)
    const message = await screen.findByText('We could not confirm that you are a person. Please complete the check below.')
    await waitFor(() => expect(message).toHaveFocus())
    expect(message).toHaveAttribute('aria-live', 'assertive')
    expect(screen.getByRole('group', { name: message.textContent ?? '' })).toBeInTheDocument()
    expect(insert).not.toHaveBeenCalled()

    widget.challenges[0]!({ missing: 'failed' })
    await screen.findByText('The check did not work. Please try it again.')
    await user.click(screen.getByRole('button', { name: 'Try the check again' }))
    await waitFor(() => expect(widget.challenges).toHaveLength(2))

    await user.click(screen.getByRole('button', { name: 'Send without the check' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Registration Is Confirmed' })).toHaveFocus())
    expect(insert.mock.calls[0]?.[0]).not.toHaveProperty('turnstileToken')
    expect(screen.getByText(NO_EMAIL)).toBeInTheDocument()
  })

  it('sends the token the visitor earns in the visible check, and then promises the e-mail', async () => {
    const widget = handWidget()
    const { insert } = renderWizard(widget.service)
    await confirmStarter(userEvent.setup({ delay: null }))
    await screen.findByText('We could not confirm that you are a person. Please complete the check below.')
    widget.challenges[0]!({ token: 'XXXX.DUMMY.TOKEN.XXXX' })
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Registration Is Confirmed' })).toHaveFocus())
    expect(insert.mock.calls[0]?.[0]).toHaveProperty('turnstileToken', 'XXXX.DUMMY.TOKEN.XXXX')
    expect(screen.getByText(INBOX)).toBeInTheDocument()
  })
})
