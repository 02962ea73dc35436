import { DEFAULT_AGENCY_TIME_ZONE } from '../runtime/agency-time.ts'

/**
 * The site's stand-in sales phones (src/site-settings.ts `settingDefaults`, which Deno cannot import:
 * it reads Vite's env). A test keeps the two lists the same.
 */
export const PLACEHOLDER_PHONES = ['1300 555 019', '+61 2 5550 4019'] as const

const knownZone = (zone: string | undefined) => {
  try {
    return zone && new Intl.DateTimeFormat('en-AU', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

const digits = (phone: string) => phone.replace(/\D/g, '')
const isPlaceholder = (phone: string) => PLACEHOLDER_PHONES.some((placeholder) => digits(placeholder) === digits(phone))

/** The agency's details the welcome e-mail carries (docs/enterprise.md, 'Welcome e-mail'). */
export type WelcomeSettings = {
  /** ENTERPRISE_SUPPORT_PHONE, or the site's stand-in outside production. */
  supportPhone: string
  /** Why the welcome e-mail must not go out: the stand-in phone in production. */
  phoneProblem: string | undefined
  /** SITE_URL: the logo is `<SITE_URL>/images/og/logo.png`, a PNG as mail clients show no SVG. */
  logoUrl: string | undefined
  /** INVOICE_FROM_EMAIL: the address Stripe sends invoices from (the account's invoice e-mail). */
  invoiceFrom: string | undefined
  /** AGENCY_TIME_ZONE (default Australia/Sydney), the Stripe account's zone, which dates its invoices. */
  timeZone: string
  /** BUSINESS_NAME, BUSINESS_NUMBER (under BUSINESS_NUMBER_LABEL) and BUSINESS_ADDRESS, in the footer. */
  business: { name: string | undefined; number: string | undefined; address: string | undefined }
}

export function welcomeSettings(read: (name: string) => string | undefined): WelcomeSettings {
  const phone = read('ENTERPRISE_SUPPORT_PHONE')
  const production = read('APP_ENV') === 'production'
  const phoneProblem =
    production && (!phone || isPlaceholder(phone))
      ? `ENTERPRISE_SUPPORT_PHONE is ${phone ? `the placeholder ${phone}` : 'not set'}: the welcome e-mail is not sent in production without the agency's real phone`
      : undefined
  const siteUrl = read('SITE_URL')?.replace(/\/+$/, '')
  const number = read('BUSINESS_NUMBER')
  return {
    supportPhone: phone ?? PLACEHOLDER_PHONES[0],
    phoneProblem,
    logoUrl: siteUrl ? `${siteUrl}/images/og/logo.png` : undefined,
    invoiceFrom: read('INVOICE_FROM_EMAIL'),
    timeZone: knownZone(read('AGENCY_TIME_ZONE')) ?? DEFAULT_AGENCY_TIME_ZONE,
    business: {
      name: read('BUSINESS_NAME'),
      number: number && `${read('BUSINESS_NUMBER_LABEL') ?? 'ABN'} ${number}`,
      address: read('BUSINESS_ADDRESS'),
    },
  }
}
