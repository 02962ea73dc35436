import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SECRET_HEADER } from '../../supabase/functions/_shared/http/secret.ts'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { clearNetCalls, createVaultSecrets, netCalls, PROJECT_URL, CRON_SECRET } from '../support/pg-net'

// 20261130050000_webhook_events.sql: an event either webhook records wakes webhook-events at once,
// with the Cron job's call (pg_net and Vault stand-ins record it), and never costs the event.

const booking = (pg: PgCluster, uid: string) => pg.sql`
  insert into lead_bookings (booking_uid, trigger_event, item_key, start_time, organizer, attendee_name, attendee_email, note)
  values (${uid}, 'BOOKING_CREATED', ${`booking:${uid}`}, now(), 'Grace Hopper', 'Ada Lovelace', 'ada@example.com', '<p>…</p>')`
const payment = (pg: PgCluster, eventId: string) => pg.sql`
  insert into stripe_webhook_events (event_id, type, registration_id, invoice_id, invoice_paid_at, amount_paid, currency)
  values (${eventId}, 'invoice.paid', gen_random_uuid(), 'in_1', now(), 100, 'usd')`

describe('a recorded webhook event wakes webhook-events (stand-ins for pg_net and Vault)', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPgCluster()
    await createVaultSecrets(pg.sql)
  }, 60_000)
  afterAll(() => pg?.stop())
  beforeEach(async () => {
    await pg.sql`truncate lead_bookings, stripe_webhook_events`
    await clearNetCalls(pg.sql)
  })

  it('a booking and a payment event each make one call to /functions/v1/webhook-events with the redelivery secret', async () => {
    await booking(pg, crypto.randomUUID())
    await payment(pg, 'evt_1')
    const calls = await netCalls(pg.sql)
    expect(calls.map((call) => call.url)).toEqual([
      `${PROJECT_URL}/functions/v1/webhook-events`,
      `${PROJECT_URL}/functions/v1/webhook-events`,
    ])
    expect(calls.every((call) => call.headers[SECRET_HEADER] === CRON_SECRET)).toBe(true)
  })

  it('a new payment event is a pending outbox item', async () => {
    await payment(pg, 'evt_2')
    const [row] = await pg.sql<{ status: string; attempts: number; claim_token: string | null }[]>`
      select status, attempts, claim_token from stripe_webhook_events where event_id = 'evt_2'`
    expect(row).toEqual({ status: 'pending', attempts: 0, claim_token: null })
  })

  it('without the Vault secrets the event is still recorded, and nothing is called', async () => {
    await pg.sql`delete from vault.secrets`
    try {
      await booking(pg, crypto.randomUUID())
      await payment(pg, 'evt_3')
      expect((await pg.sql`select 1 from lead_bookings`).length).toBe(1)
      expect((await pg.sql`select 1 from stripe_webhook_events`).length).toBe(1)
      expect(await netCalls(pg.sql)).toEqual([])
    } finally {
      await createVaultSecrets(pg.sql)
    }
  })
})
