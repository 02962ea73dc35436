import { describe, expect, it } from 'vitest'
import { settingDefaults } from '@/site-settings'
import { welcomeEmail } from '../../supabase/functions/_shared/enterprise/welcome-email.ts'
import { PLACEHOLDER_PHONES } from '../../supabase/functions/_shared/enterprise/welcome-settings.ts'
import { WELCOME_SENT_AT, welcomeExampleSettings, welcomeRegistration } from '../support/welcome-example'

const email = (change: Record<string, string | undefined> = {}) =>
  welcomeEmail(welcomeRegistration(), welcomeExampleSettings(change), WELCOME_SENT_AT)

describe('the welcome e-mail', () => {
  it('says the amount in US dollars, the billing period, the due date, Stripe and its address, that payment activates, the reference and the phone', () => {
    const { subject, text, html } = email()
    expect(subject).toBe('Your enterprise registration: Growth Package, reference 6A1B2C3D')
    for (const part of [
      'Amount: US$35,400 (US dollars), per year',
      'Billing period: 24 December 2026 to 23 December 2027',
      // Sent 10:31 am on 27 Nov in Sydney: Stripe's 14 days from finalization, in the agency's zone.
      'Due date: 11 December 2026',
      'Reference: 6A1B2C3D',
      'Your invoice comes from Stripe (invoices@reviewlift.com.au), in a separate e-mail. Paying it activates your account.',
      'Call us on 02 8000 1234 (tel:+61280001234)',
      'ReviewLift Pty Ltd\nABN 12 345 678 901\nLevel 2, 1 George Street, Sydney NSW 2000',
    ])
      expect(text).toContain(part)
    for (const part of ['US$35,400', '24 December 2026 to 23 December 2027', '11 December 2026', '6A1B2C3D', 'invoices@reviewlift.com.au'])
      expect(html).toContain(part)
    expect(html).toContain('<a href="tel:+61280001234"')
    expect(html).toContain('<img src="https://www.reviewlift.com.au/images/og/logo.png"')
    expect(html).toContain('ABN 12 345 678 901')
  })

  it('escapes what the visitor typed, and links nothing but the phone', () => {
    const { html, text } = email()
    expect(html).toContain('Acme &amp; Co &lt;a href=&quot;https://evil.example&quot;&gt;')
    expect(html).toContain('Dear Jane &lt;b&gt;Doe&lt;/b&gt;,')
    expect(html).not.toContain('<b>Doe')
    expect([...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((match) => match[1])).toEqual(['tel:+61280001234'])
    expect(text).toContain('Dear Jane <b>Doe</b>,')
  })

  it('names Stripe alone and leaves the footer lines out when the settings are not given', () => {
    const { text } = email({ INVOICE_FROM_EMAIL: undefined, BUSINESS_NUMBER: undefined, BUSINESS_ADDRESS: undefined })
    expect(text).toContain('Your invoice comes from Stripe, in a separate e-mail.')
    expect(text.trim().endsWith('ReviewLift Pty Ltd')).toBe(true)
  })
})

describe('the support phone in production', () => {
  it.each([
    ['unset', undefined, /not set/],
    ['the placeholder', '1300 555 019', /placeholder 1300 555 019/],
    ['the international placeholder', '+61 2 5550 4019', /placeholder/],
  ])('refuses the welcome e-mail when it is %s', (_, phone, problem) => {
    expect(welcomeExampleSettings({ ENTERPRISE_SUPPORT_PHONE: phone }).phoneProblem).toMatch(problem)
  })

  it('allows the agency real phone in production, and the placeholder outside production', () => {
    expect(welcomeExampleSettings().phoneProblem).toBeUndefined()
    const staging = welcomeExampleSettings({ APP_ENV: 'staging', ENTERPRISE_SUPPORT_PHONE: undefined })
    expect(staging).toMatchObject({ phoneProblem: undefined, supportPhone: '1300 555 019' })
  })

  it("knows the site's own placeholder phones", () => {
    expect([...PLACEHOLDER_PHONES]).toEqual([settingDefaults.VITE_SALES_PHONE, settingDefaults.VITE_SALES_PHONE_INTERNATIONAL])
  })
})
