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
  readonly VITE_CONSENT_DEFAULT?: string
  readonly VITE_CONSENT_BANNER?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
