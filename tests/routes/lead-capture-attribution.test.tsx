import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { recordedRequests } from '@mocks/recorder'
import { VISIT_CLICK_KEY } from '@/lib/ad-click'
import { chooseFirstSuggestion, fillContact, renderLeadCapture, setUpLeadCaptureTests, submitButton } from './lead-capture-harness'

// Issue 44 point 1 through the wired form: the lead carries the click of its landing page only with
// advertising consent, and the consent of the moment it is sent. The test host's zone is not in Europe.
setUpLeadCaptureTests()
const choose = (categories: string[]) => (document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories }))}; path=/`)
afterEach(() => {
  document.cookie = 'cc_cookie=; max-age=0; path=/'
  sessionStorage.clear()
})

async function sendLead(url: string) {
  const user = userEvent.setup({ delay: null })
  renderLeadCapture(url)
  await fillContact(user)
  await chooseFirstSuggestion(user)
  await user.click(submitButton())
  await screen.findByRole('dialog', { name: 'Congrats!' })
  return (recordedRequests('leads').at(-1)!.body as { attribution: Record<string, unknown> }).attribution
}

describe('LeadCapture: the attribution it sends', { timeout: 20_000 }, () => {
  it('carries the landing page’s click id, its time and the page without the query, with the consent then', async () => {
    choose(['necessary', 'analytics', 'advertising'])
    const attribution = await sendLead('/?gclid=Cj0KCQ_abc-1&platform=google&keyword=x&email=jane%40example.com')
    expect(attribution).toEqual({
      platform: 'google',
      keyword: 'x',
      clickIds: { gclid: 'Cj0KCQ_abc-1' },
      clickAt: Math.round(performance.timeOrigin),
      landingUrl: `${window.location.origin}/`,
      consent: {
        asked: true,
        source: 'banner',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
    })
  })

  it('carries no click id when advertising was refused, nor the one kept earlier in the visit', async () => {
    sessionStorage.setItem(
      VISIT_CLICK_KEY,
      JSON.stringify({ clickIds: { fbclid: 'IwAR' }, clickAt: 1_790_000_000_000, landingUrl: 'http://localhost:3000/vet' }),
    )
    choose(['necessary'])
    const attribution = await sendLead('/?gclid=Cj0KCQ_abc-1&platform=google&keyword=x')
    expect(attribution).toMatchObject({
      platform: 'google',
      clickIds: {},
      clickAt: null,
      landingUrl: null,
      consent: { source: 'banner', ad_user_data: 'denied' },
    })
  })

  it('sends the click kept for the visit from a later page', async () => {
    sessionStorage.setItem(
      VISIT_CLICK_KEY,
      JSON.stringify({ clickIds: { fbclid: 'IwAR_1' }, clickAt: 1_790_000_000_000, landingUrl: 'http://localhost:3000/vet' }),
    )
    expect(await sendLead('/')).toMatchObject({
      clickIds: { fbclid: 'IwAR_1' },
      clickAt: 1_790_000_000_000,
      landingUrl: 'http://localhost:3000/vet',
    })
  })

  it('drops a kept click someone else wrote, and still sends the lead', async () => {
    sessionStorage.setItem(
      VISIT_CLICK_KEY,
      JSON.stringify({ clickIds: { fbclid: '<img>' }, clickAt: 1, landingUrl: 'javascript:alert(1)' }),
    )
    expect(await sendLead('/')).toMatchObject({ clickIds: {}, clickAt: null, landingUrl: null })
  })
})
