import { describe, expect, it } from 'vitest'
import { SECRET_HEADER } from '../../supabase/functions/_shared/http/secret.ts'
import { createHealthHandler, type HealthDeps } from '../../supabase/functions/leads-health/handler.ts'
import { SCHEDULED_JOBS } from '../../supabase/functions/leads-health/scheduled-jobs.ts'
import { recordingLogger } from './support'

// The function on a real database, in each state: leads-alerts.test.ts.
const SECRET = 'health-secret'
const figures = { pending: 2, oldestPendingMinutes: 3, failed: 0, spamToday: 1, lastDeliveredAt: new Date('2025-05-01T10:00:00.000Z') }

function check(overrides: Partial<HealthDeps> = {}, init: RequestInit = { headers: { [SECRET_HEADER]: SECRET } }) {
  const handler = createHealthHandler({
    secret: SECRET,
    figures: async () => figures,
    holding: async () => [],
    activeJobs: async () => [...SCHEDULED_JOBS],
    alertsConfigured: false,
    logger: recordingLogger(),
    ...overrides,
  })
  return handler(new Request('https://project.test/functions/v1/leads-health', init))
}

describe('leads-health', () => {
  it('200 with the figures when no alert condition holds', async () => {
    const res = await check()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      pending: 2,
      oldestPendingMinutes: 3,
      failed: 0,
      spamToday: 1,
      lastDeliveredAt: '2025-05-01T10:00:00.000Z',
      alertsConfigured: false,
      conditions: [],
      reasons: [],
      jobs: {
        'leads-redeliver': 'scheduled',
        'leads-digest': 'scheduled',
        'leads-retention': 'scheduled',
        'enterprise-followup': 'scheduled',
        'webhook-events': 'scheduled',
      },
    })
  })

  it('503 naming each Cron job that is not scheduled (pg_cron or pg_net missing, a job deleted)', async () => {
    const res = await check({ activeJobs: async () => ['leads-redeliver', 'some-other-job'] })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({
      conditions: [],
      reasons: [
        'cron: leads-digest not scheduled',
        'cron: leads-retention not scheduled',
        'cron: enterprise-followup not scheduled',
        'cron: webhook-events not scheduled',
      ],
      jobs: {
        'leads-redeliver': 'scheduled',
        'leads-digest': 'not scheduled',
        'leads-retention': 'not scheduled',
        'enterprise-followup': 'not scheduled',
        'webhook-events': 'not scheduled',
      },
    })
    expect((await check({ activeJobs: async () => [] })).status).toBe(503)
  })

  it('503 naming the conditions that hold', async () => {
    const res = await check({ holding: async () => ['board-auth', 'failed'] })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({
      conditions: ['board-auth', 'failed'],
      reasons: ['leads: the board refused the credentials', 'leads: failed leads'],
    })
  })

  it('401 without the secret; 503 without a secret configured or a database; GET only', async () => {
    expect((await check({}, {})).status).toBe(401)
    expect((await check({ secret: undefined })).status).toBe(503)
    expect((await check({ figures: undefined })).status).toBe(503)
    expect((await check({ activeJobs: undefined })).status).toBe(503)
    expect((await check({ figures: () => Promise.reject(new Error('db down')) })).status).toBe(503)
    expect((await check({}, { method: 'POST', headers: { [SECRET_HEADER]: SECRET } })).status).toBe(405)
  })

  it('reports enterprise registrations pending, failed and paid beside the leads; a failed one answers 503, a paid one does not', async () => {
    const pending = await check({ registrations: async () => ({ pending: 2, failed: 0, awaitingPayment: 0, paid: 3, moneyBack: 0 }) })
    expect(pending.status).toBe(200)
    expect(await pending.json()).toMatchObject({ registrations: { pending: 2, failed: 0, awaitingPayment: 0, paid: 3 } })
    const failed = await check({ registrations: async () => ({ pending: 0, failed: 1, awaitingPayment: 0, paid: 0, moneyBack: 0 }) })
    expect(failed.status).toBe(503)
    // The reason is named, not `conditions: []` alone.
    expect(await failed.json()).toMatchObject({
      registrations: { pending: 0, failed: 1, awaitingPayment: 0, paid: 0, moneyBack: 0 },
      reasons: ['registrations: 1 failed'],
    })
  })

  it('reports booking updates beside the leads; one failed or waiting too long answers 503 with each reason, all at once', async () => {
    const waiting = await check({ bookings: async () => ({ pending: 1, stale: 0, failed: 0 }) })
    expect(waiting.status).toBe(200)
    const res = await check({
      holding: async () => ['pending-age'],
      registrations: async () => ({ pending: 0, failed: 2, awaitingPayment: 0, paid: 0, moneyBack: 0 }),
      bookings: async () => ({ pending: 3, stale: 1, failed: 1 }),
    })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({
      bookings: { pending: 3, stale: 1, failed: 1 },
      reasons: [
        'leads: pending too long',
        'registrations: 2 failed',
        'bookings: 1 failed to reach the board',
        'bookings: 1 waiting for the board too long',
      ],
    })
  })
  it('reports booking updates and payment events pending and failed; a failed one answers 503, a pending one does not', async () => {
    const figures = { bookingsPending: 1, bookingsFailed: 0, paymentsPending: 1, paymentsFailed: 0 }
    const pending = await check({ webhookEvents: async () => figures })
    expect(pending.status).toBe(200)
    expect(await pending.json()).toMatchObject({ webhookEvents: figures })
    expect((await check({ webhookEvents: async () => ({ ...figures, bookingsFailed: 1 }) })).status).toBe(503)
    expect((await check({ webhookEvents: async () => ({ ...figures, paymentsFailed: 1 }) })).status).toBe(503)
  })
})
