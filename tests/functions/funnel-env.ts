import { GOOGLE_ACCOUNT, GOOGLE_ACTIONS, GOOGLE_CLIENT, type FakeGoogleDm } from '../support/fake-google-dm.mjs'
import { META_PIXEL, META_TOKEN, type FakeMetaCapi } from '../support/fake-meta-capi.mjs'
import { FAKE_HOSTNAME, FAKE_SECRET, type FakeSiteverify } from '../support/fake-siteverify.mjs'
import type { FakeAlerts } from '../support/fake-alerts.mjs'
import type { FakeBoard } from '../support/fake-board.mjs'
import type { PgCluster } from '../support/pg-cluster.mjs'
import { WEBHOOK_SECRET } from '../support/stripe-events'
import { CAL_SECRET, LINK_SECRET } from './cal-stack'
import { followupEnv } from './support'

export const CRON_SECRET = 'funnel-test-secret'

type Fakes = { pg: PgCluster; board: FakeBoard; channels: FakeAlerts; siteverify: FakeSiteverify; google: FakeGoogleDm; meta: FakeMetaCapi }

/** One environment for every function of the funnel: the fakes' addresses and secrets, short timings. */
export const funnelEnv = (s: Fakes): Record<string, string> => ({
  ...followupEnv(s.pg.url, s.board.url, s.channels, 3),
  LEADS_RATE_LIMIT: '1000/60',
  RATE_LIMIT_SALT: 'test-salt',
  CRON_SECRET,
  TURNSTILE_SECRET_KEY: FAKE_SECRET,
  TURNSTILE_VERIFY_URL: s.siteverify.url,
  TURNSTILE_HOSTNAMES: FAKE_HOSTNAME,
  CAL_WEBHOOK_SECRET: CAL_SECRET,
  BOOKING_LINK_SECRET: LINK_SECRET,
  CONFIRM_HOURLY_LIMIT: '100/3600',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  BOOKINGS_BOARD_TIMEOUT_MS: '400',
  GOOGLE_DM_TOKEN_URL: s.google.tokenUrl,
  GOOGLE_DM_API_URL: s.google.url,
  GOOGLE_DM_CLIENT_ID: GOOGLE_CLIENT.clientId,
  GOOGLE_DM_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
  GOOGLE_DM_REFRESH_TOKEN: GOOGLE_CLIENT.refreshToken,
  GOOGLE_DM_OPERATING_ACCOUNT_ID: GOOGLE_ACCOUNT,
  GOOGLE_DM_LEAD_ACTION_ID: GOOGLE_ACTIONS.lead,
  GOOGLE_DM_CALL_ACTION_ID: GOOGLE_ACTIONS.call,
  GOOGLE_DM_PURCHASE_ACTION_ID: GOOGLE_ACTIONS.purchase,
  GOOGLE_DM_TIMEOUT_MS: '2000',
  META_CAPI_API_URL: s.meta.url,
  META_CAPI_PIXEL_ID: META_PIXEL,
  META_CAPI_ACCESS_TOKEN: META_TOKEN,
  CONVERSIONS_LEASE_MS: '2000',
  // Longer than a run takes, so a retried row waits for the next run.
  CONVERSIONS_BACKOFF_BASE_MS: '300',
  CONVERSIONS_BACKOFF_MAX_MS: '300',
})
