// A live build must not ship the stand-in phone, e-mail, social links or client app address
// (src/site-settings.ts). The settings are read the way the build reads them: through Vite, with the
// production mode's .env files and the process environment.
import { runnerImport } from 'vite'

/** The placeholder settings a production build would carry, with the value each holds now. */
export async function placeholderSettings() {
  const { module } = await runnerImport('/src/site-settings.ts', { logLevel: 'warn', mode: 'production' })
  const { siteSettings } = module
  const current = {
    VITE_SALES_PHONE: siteSettings.phone.display,
    VITE_SALES_PHONE_INTERNATIONAL: siteSettings.phoneInternational.display,
    VITE_CONTACT_EMAIL: siteSettings.email,
    VITE_CLIENT_APP_URL: siteSettings.clientAppUrl,
    ...Object.fromEntries(siteSettings.social.map((link) => [`VITE_${link.name.toUpperCase()}_URL`, link.href])),
  }
  return siteSettings.placeholders.map((name) => ({ name, value: current[name] }))
}

/** The message a build stops with, or null when every setting is real. */
export function placeholderMessage(placeholders) {
  if (placeholders.length === 0) return null
  return [
    'Build stopped: this production build would ship placeholder contact details:',
    ...placeholders.map(({ name, value }) => `  ${name} is ${value}`),
    "Set each variable to the agency's real value (see .env.example), or build a preview that may",
    'carry them with --allow-placeholders (or ALLOW_PLACEHOLDERS=1).',
  ].join('\n')
}
