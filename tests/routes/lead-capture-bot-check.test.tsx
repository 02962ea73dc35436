import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { recordedRequests } from '@mocks/recorder'
import { withScenario } from '../support/mock-scenario'
import { chooseFirstSuggestion, fillContact, renderLeadCapture, setUpLeadCaptureTests, submitButton } from './lead-capture-harness'

// Issue 42.1: Congrats promises only what holds for the lead the function kept. A lead whose token
// the function refused is kept as unverified: a person looks at it before anyone calls.
setUpLeadCaptureTests()

const PROMISE = /a specialist will be in touch shortly/

describe('LeadCapture and the bot check', { timeout: 20_000 }, () => {
  it('Congrats promises the call when the function took the lead as verified', async () => {
    const user = userEvent.setup({ delay: null })
    renderLeadCapture()
    await fillContact(user)
    await chooseFirstSuggestion(user)
    await user.click(submitButton())
    expect(await screen.findByRole('dialog', { name: 'Congrats!' })).toHaveAccessibleDescription(PROMISE)
  })

  it('Congrats promises no call when the function kept the lead as unverified (?mock=turnstile-failed)', async () => {
    await withScenario('turnstile-failed', async () => {
      const user = userEvent.setup({ delay: null })
      renderLeadCapture()
      await fillContact(user)
      await chooseFirstSuggestion(user)
      await user.click(submitButton())
      const congrats = await screen.findByRole('dialog', { name: 'Congrats!' })
      expect(recordedRequests('leads')[0]?.body).toHaveProperty('turnstileToken', 'XXXX.DUMMY.TOKEN.XXXX')
      expect(congrats).not.toHaveAccessibleDescription(PROMISE)
      expect(congrats).toHaveAccessibleDescription(/a person looks at them before we call/)
    })
  })
})
