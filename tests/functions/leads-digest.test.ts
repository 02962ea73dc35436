import { describe, expect, it } from 'vitest'
import { SECRET_HEADER } from '../../supabase/functions/_shared/http/secret.ts'
import { createDigestHandler, type DigestDeps } from '../../supabase/functions/leads-digest/handler.ts'
import { recordingLogger } from './support'

// The function on a real database, with the channels' messages: leads-alerts.test.ts.
const SECRET = 'cron-secret'

function digestCall(overrides: Partial<DigestDeps> = {}, init: RequestInit = { method: 'POST', headers: { [SECRET_HEADER]: SECRET } }) {
  const handler = createDigestHandler({
    secret: SECRET,
    digest: async () => ({ queued: 'digest:2026-11-29' }),
    logger: recordingLogger(),
    ...overrides,
  })
  return handler(new Request('https://project.test/functions/v1/leads-digest', init))
}

describe('leads-digest', () => {
  it('queues the digest with the redelivery secret, then sends the due notifications', async () => {
    const order: string[] = []
    const res = await digestCall({
      digest: async () => (order.push('digest'), { queued: 'digest:2026-11-29' }),
      notifications: async () => (
        order.push('notifications'),
        { claimed: 2, done: 2, waiting: 0, retrying: 0, failed: 0, interrupted: 0, lost: 0 }
      ),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ digest: { queued: 'digest:2026-11-29' }, notifications: { done: 2 } })
    expect(order).toEqual(['digest', 'notifications'])
  })

  it('sends what other runs queued even when the digest cannot be made', async () => {
    let sent = 0
    const res = await digestCall({ digest: () => Promise.reject(new Error('db down')), notifications: async () => (sent++, undefined) })
    expect(res.status).toBe(503)
    expect(sent).toBe(1)
  })

  it('queues the weekly campaign report after the digest; when it cannot be made, the digest still answers and says so', async () => {
    const queued = await digestCall({ weekly: async () => ({ queued: 'weekly-campaigns:2026-W48' }) })
    expect(await queued.json()).toMatchObject({ weekly: { queued: 'weekly-campaigns:2026-W48' } })
    let sent = 0
    const broken = await digestCall({ weekly: () => Promise.reject(new Error('db down')), notifications: async () => (sent++, undefined) })
    expect(broken.status).toBe(200)
    expect(await broken.json()).toMatchObject({ digest: { queued: 'digest:2026-11-29' }, weekly: { error: expect.any(String) } })
    expect(sent).toBe(1)
  })

  it('queues the weekly campaign report even when the digest cannot be made (a broken digest must not cost Monday its report)', async () => {
    const order: string[] = []
    const res = await digestCall({
      digest: () => Promise.reject(new Error('digest figures broken')),
      weekly: async () => (order.push('weekly'), { queued: 'weekly-campaigns:2026-W48' }),
      notifications: async () => (order.push('notifications'), undefined),
    })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ weekly: { queued: 'weekly-campaigns:2026-W48' } })
    expect(order).toEqual(['weekly', 'notifications'])
  })

  it('refuses a wrong secret, and every call when none is configured', async () => {
    expect((await digestCall({}, { method: 'POST', headers: { [SECRET_HEADER]: 'wrong' } })).status).toBe(401)
    expect((await digestCall({ secret: undefined })).status).toBe(503)
  })

  it('answers 503 when the digest cannot be made or there is no database, and 405 to anything but POST', async () => {
    expect((await digestCall({ digest: () => Promise.reject(new Error('db down')) })).status).toBe(503)
    expect((await digestCall({ digest: undefined })).status).toBe(503)
    expect((await digestCall({}, { method: 'GET', headers: { [SECRET_HEADER]: SECRET } })).status).toBe(405)
  })
})
