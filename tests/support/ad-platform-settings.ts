import { GOOGLE_ACCOUNT, GOOGLE_ACTIONS, GOOGLE_CLIENT, type FakeGoogleDm } from './fake-google-dm.mjs'
import { META_PIXEL, META_TOKEN, type FakeMetaCapi } from './fake-meta-capi.mjs'

/** The settings that point the conversions clients at the two fakes, as production sets them for the real platforms. */
export const adPlatformSettings = (google: FakeGoogleDm, meta: FakeMetaCapi): Record<string, string> => ({
  GOOGLE_DM_TOKEN_URL: google.tokenUrl,
  GOOGLE_DM_API_URL: google.url,
  GOOGLE_DM_CLIENT_ID: GOOGLE_CLIENT.clientId,
  GOOGLE_DM_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
  GOOGLE_DM_REFRESH_TOKEN: GOOGLE_CLIENT.refreshToken,
  GOOGLE_DM_OPERATING_ACCOUNT_ID: GOOGLE_ACCOUNT,
  GOOGLE_DM_LEAD_ACTION_ID: GOOGLE_ACTIONS.lead,
  GOOGLE_DM_CALL_ACTION_ID: GOOGLE_ACTIONS.call,
  GOOGLE_DM_PURCHASE_ACTION_ID: GOOGLE_ACTIONS.purchase,
  META_CAPI_API_URL: meta.url,
  META_CAPI_PIXEL_ID: META_PIXEL,
  META_CAPI_ACCESS_TOKEN: META_TOKEN,
})
