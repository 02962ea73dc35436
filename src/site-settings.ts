// The agency's contact details, from VITE_ variables with stand-ins for development. Every stand-in
// is a placeholder: a live build refuses to ship one (scripts/build.mjs, placeholderSettings below).

type RawEnv = Record<string, string | boolean | undefined>

/** Each variable and the stand-in used while it is unset. */
export const settingDefaults = {
  VITE_SALES_PHONE: '1300 555 019',
  VITE_SALES_PHONE_INTERNATIONAL: '+61 2 5550 4019',
  VITE_CONTACT_EMAIL: 'hello@reviewlift.example',
  VITE_CLIENT_APP_URL: 'https://app.reviewlift.example',
  VITE_FACEBOOK_URL: 'https://www.facebook.com/reviewlift.example',
  VITE_TWITTER_URL: 'https://twitter.com/reviewlift_example',
  VITE_LINKEDIN_URL: 'https://www.linkedin.com/company/reviewlift-example',
  VITE_INSTAGRAM_URL: 'https://www.instagram.com/reviewlift.example',
} as const

type SettingName = keyof typeof settingDefaults

export type PhoneNumber = { display: string; href: string }

export type SiteSettings = {
  /** The sales phone as Australians dial it (a 1300 number works only inside Australia). */
  phone: PhoneNumber
  /** The same line for callers outside Australia, with +61. */
  phoneInternational: PhoneNumber
  email: string
  clientAppUrl: string
  social: readonly { name: 'Facebook' | 'Twitter' | 'LinkedIn' | 'Instagram'; href: string }[]
  /** The variables still holding a stand-in, or an address on a reserved example domain. */
  placeholders: readonly SettingName[]
}

/**
 * A `tel:` link for an Australian number as it is dialled: 13, 1300 and 1800 numbers cannot take a
 * country code, so they stay as they are; mobiles and geographic numbers (a leading 0) become +61
 * without the 0; a number already written with a + keeps it.
 */
export function telHref(number: string): string {
  const digits = number.replace(/\D/g, '')
  if (number.trim().startsWith('+')) return `tel:+${digits}`
  if (digits.startsWith('0')) return `tel:+61${digits.slice(1)}`
  return `tel:${digits}`
}

/** '0422 470 721' -> '+61 422 470 721'; null for 13, 1300 and 1800 numbers, which no one abroad can dial. */
function internationalForm(number: string): string | null {
  const trimmed = number.trim().replace(/[()]/g, '')
  if (trimmed.startsWith('+')) return trimmed
  return trimmed.startsWith('0') ? `+61 ${trimmed.slice(1)}` : null
}

const EXAMPLE_HOST = /(^|[.@])example(\.(com|net|org))?$|\.example$/i
const hostOf = (value: string) => {
  if (value.includes('@') && !value.includes('/')) return value.split('@').pop() ?? ''
  try {
    return new URL(value).hostname
  } catch {
    return ''
  }
}

const blank = (value: string | boolean | undefined) => (value === undefined ? '' : String(value).trim())

export function readSiteSettings(env: RawEnv): SiteSettings {
  const given = (name: SettingName) => blank(env[name])
  const value = (name: SettingName) => given(name) || settingDefaults[name]
  const phone = value('VITE_SALES_PHONE')
  const international =
    given('VITE_SALES_PHONE_INTERNATIONAL') || internationalForm(phone) || settingDefaults.VITE_SALES_PHONE_INTERNATIONAL
  const resolved: Record<SettingName, string> = {
    ...Object.fromEntries(Object.keys(settingDefaults).map((name) => [name, value(name as SettingName)])),
    VITE_SALES_PHONE_INTERNATIONAL: international,
  } as Record<SettingName, string>
  const placeholders = (Object.keys(settingDefaults) as SettingName[]).filter(
    (name) => resolved[name] === settingDefaults[name] || EXAMPLE_HOST.test(hostOf(resolved[name])),
  )
  return {
    phone: { display: phone, href: telHref(phone) },
    phoneInternational: { display: international, href: telHref(international) },
    email: resolved.VITE_CONTACT_EMAIL,
    clientAppUrl: resolved.VITE_CLIENT_APP_URL,
    social: [
      { name: 'Facebook', href: resolved.VITE_FACEBOOK_URL },
      { name: 'Twitter', href: resolved.VITE_TWITTER_URL },
      { name: 'LinkedIn', href: resolved.VITE_LINKEDIN_URL },
      { name: 'Instagram', href: resolved.VITE_INSTAGRAM_URL },
    ],
    placeholders,
  }
}

/** Each variable is read explicitly so Vite inlines it at build. */
export const siteSettings = readSiteSettings({
  VITE_SALES_PHONE: import.meta.env.VITE_SALES_PHONE,
  VITE_SALES_PHONE_INTERNATIONAL: import.meta.env.VITE_SALES_PHONE_INTERNATIONAL,
  VITE_CONTACT_EMAIL: import.meta.env.VITE_CONTACT_EMAIL,
  VITE_CLIENT_APP_URL: import.meta.env.VITE_CLIENT_APP_URL,
  VITE_FACEBOOK_URL: import.meta.env.VITE_FACEBOOK_URL,
  VITE_TWITTER_URL: import.meta.env.VITE_TWITTER_URL,
  VITE_LINKEDIN_URL: import.meta.env.VITE_LINKEDIN_URL,
  VITE_INSTAGRAM_URL: import.meta.env.VITE_INSTAGRAM_URL,
})
