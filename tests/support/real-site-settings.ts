/** Contact settings as a live deploy sets them: no placeholder left (tests of the settings and of the build's check). */
export const realSiteSettings = {
  VITE_SALES_PHONE: '1300 123 456',
  VITE_SALES_PHONE_INTERNATIONAL: '+61 2 9123 4567',
  VITE_CONTACT_EMAIL: 'hello@agency.com.au',
  VITE_CLIENT_APP_URL: 'https://app.agency.com.au',
  VITE_FACEBOOK_URL: 'https://www.facebook.com/agency',
  VITE_TWITTER_URL: 'https://twitter.com/agency',
  VITE_LINKEDIN_URL: 'https://www.linkedin.com/company/agency',
  VITE_INSTAGRAM_URL: 'https://www.instagram.com/agency',
}
