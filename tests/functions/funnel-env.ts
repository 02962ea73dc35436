import { adPlatformSettings } from '../support/ad-platform-settings'
import type { FakeGoogleDm } from '../support/fake-google-dm.mjs'
import type { FakeMetaCapi } from '../support/fake-meta-capi.mjs'
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
  ...adPlatformSettings(s.google, s.meta),
  GOOGLE_DM_TIMEOUT_MS: '2000',
  CONVERSIONS_LEASE_MS: '2000',
  // Longer than a run takes, so a retried row waits for the next run.
  CONVERSIONS_BACKOFF_BASE_MS: '300',
  CONVERSIONS_BACKOFF_MAX_MS: '300',
})
