import type { CookieConsentConfig } from 'vanilla-cookieconsent'
import { site } from '@/site'

type Translation = Extract<CookieConsentConfig['language']['translations'][string], { consentModal: unknown }>

const policyLink = '<a href="/cookies">our cookie policy</a>'

/** The banner's and the preferences dialog's words (HTML the library renders as it is). */
export const consentTexts: Translation = {
  consentModal: {
    title: 'Your cookies, your call',
    description:
      `${site.brand} would like cookies to count visits and see which ads bring enquiries. Nothing optional runs until you say yes, ` +
      `and 'Cookie settings' at the foot of every page changes it. More in ${policyLink}.`,
    acceptAllBtn: 'Accept all',
    acceptNecessaryBtn: 'Reject all',
    showPreferencesBtn: 'Choose cookies',
  },
  preferencesModal: {
    title: 'Cookie settings',
    acceptAllBtn: 'Accept all',
    acceptNecessaryBtn: 'Reject all',
    savePreferencesBtn: 'Save my choice',
    closeIconLabel: 'Close cookie settings',
    sections: [
      {
        description:
          'Switch on what you are happy with. Your choice is kept for 6 months on this device, and you can change it here at any time.',
      },
      {
        title: 'Strictly necessary (always on)',
        description:
          'What the site needs to work: remembering this choice, the address suggestions you saw while filling in a form, and where you were on a page when you come back to it. Nothing here follows you to other sites.',
        linkedCategory: 'necessary',
      },
      {
        title: 'Analytics',
        description:
          'Google Analytics counts visits and measures how fast our pages load for you (Core Web Vitals), so we know what to fix. The figures are added up; they do not tell us who you are.',
        linkedCategory: 'analytics',
      },
      {
        title: 'Advertising',
        description:
          'Google Ads learns that a form was sent after a click on one of our ads, so we pay only for ads that work. Switched off, Google gets a bare signal without cookies or identifiers.',
        linkedCategory: 'advertising',
      },
      {
        title: 'More about cookies',
        description: `Every cookie we and Google set, what it is for and how long it lasts: ${policyLink}.`,
      },
    ],
  },
}
