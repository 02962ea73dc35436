/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_MOCK_SERVICES?: string
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_ANON_KEY?: string
  readonly VITE_CAL_ORIGIN?: string
  readonly VITE_CAL_LINK?: string
  readonly VITE_GTAG_ID?: string
  readonly VITE_GADS_CONVERSION?: string
  readonly VITE_SITE_URL?: string
  readonly VITE_VET_VIDEO_URL?: string
  readonly VITE_TURNSTILE_SITE_KEY?: string
  readonly VITE_CONSENT_DEFAULT?: string
  readonly VITE_CONSENT_BANNER?: string
  readonly VITE_SALES_PHONE?: string
  readonly VITE_SALES_PHONE_INTERNATIONAL?: string
  readonly VITE_CONTACT_EMAIL?: string
  readonly VITE_CLIENT_APP_URL?: string
  readonly VITE_FACEBOOK_URL?: string
  readonly VITE_TWITTER_URL?: string
  readonly VITE_LINKEDIN_URL?: string
  readonly VITE_INSTAGRAM_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
