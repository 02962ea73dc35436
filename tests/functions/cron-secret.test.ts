import { describe, expect, it } from 'vitest'
import { cronSecret, DEPRECATED_SECRET_HEADER, refuseWithoutSecret, SECRET_HEADER } from '../../supabase/functions/_shared/http/secret.ts'
import { recordingLogger } from './support'

// Issue 36.6: one scheduled-call secret, CRON_SECRET in x-cron-secret, for every Cron-called function;
// the old REDELIVER_SECRET and x-redeliver-secret still work for one release, logged as deprecated.
const SECRET = 'the-cron-secret'
const call = (headers: Record<string, string>) =>
  new Request('https://project.supabase.co/functions/v1/leads-redeliver', { method: 'POST', headers })
const gate = (headers: Record<string, string>, { secret }: { secret?: string } = { secret: SECRET }) => {
  const logger = recordingLogger()
  return { refused: refuseWithoutSecret(call(headers), { secret, logger }, 'leads-redeliver', 'not configured'), logger }
}

describe('cronSecret', () => {
  it('reads CRON_SECRET and logs nothing', () => {
    const logger = recordingLogger()
    const read = (name: string) => ({ CRON_SECRET: SECRET, REDELIVER_SECRET: 'old' })[name]
    expect(cronSecret(read, logger)).toBe(SECRET)
    expect(logger.records).toEqual([])
  })

  it('falls back to the old REDELIVER_SECRET with a deprecation warning that names the new one', () => {
    const logger = recordingLogger()
    expect(cronSecret((name) => (name === 'REDELIVER_SECRET' ? 'old' : undefined), logger)).toBe('old')
    expect(logger.records).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringMatching(/REDELIVER_SECRET is deprecated.*CRON_SECRET/) }),
    ])
  })

  it('is missing when neither is set', () => {
    expect(cronSecret(() => undefined, recordingLogger())).toBeUndefined()
  })
})

describe('refuseWithoutSecret', () => {
  it('lets a call with the secret in x-cron-secret through, and logs nothing', () => {
    const { refused, logger } = gate({ [SECRET_HEADER]: SECRET })
    expect(SECRET_HEADER).toBe('x-cron-secret')
    expect(refused).toBeUndefined()
    expect(logger.records).toEqual([])
  })

  it('refuses a wrong x-cron-secret with 401, even when the old header holds the secret', () => {
    expect(gate({ [SECRET_HEADER]: 'guess' }).refused?.status).toBe(401)
    expect(gate({ [SECRET_HEADER]: 'guess', [DEPRECATED_SECRET_HEADER]: SECRET }).refused?.status).toBe(401)
    expect(gate({}).refused?.status).toBe(401)
  })

  it('still lets the old x-redeliver-secret header through, logged as deprecated', () => {
    const { refused, logger } = gate({ [DEPRECATED_SECRET_HEADER]: SECRET })
    expect(refused).toBeUndefined()
    expect(logger.records).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('deprecated x-redeliver-secret') }),
    ])
    expect(gate({ [DEPRECATED_SECRET_HEADER]: 'guess' }).refused?.status).toBe(401)
  })

  it('answers 503 and names CRON_SECRET while the function has none', async () => {
    const { refused, logger } = gate({ [SECRET_HEADER]: SECRET }, {})
    expect(refused?.status).toBe(503)
    expect(await refused?.json()).toEqual({ error: 'not configured' })
    expect(logger.records).toEqual([
      expect.objectContaining({ level: 'error', message: 'leads-redeliver has no CRON_SECRET: refusing every call' }),
    ])
  })
})
