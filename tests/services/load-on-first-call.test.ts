import { describe, expect, it, vi } from 'vitest'
import { FailureError } from '@/schemas/failure'
import { loadOnFirstCall } from '@/services/load-on-first-call'

describe('a service loaded on its first call', () => {
  it('loads once, on the first call, not before', async () => {
    const load = vi.fn(async () => ({ ok: true }))
    const service = loadOnFirstCall('leads', 'network', load)
    expect(load).not.toHaveBeenCalled()
    await Promise.all([service(), service()])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("rejects a failed load as the service's own failure, and loads again on the next call", async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('service')
    const service = loadOnFirstCall('places', 'network', load)
    const failure = await service().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FailureError)
    expect(failure).toMatchObject({ kind: 'network', service: 'places' })
    await expect(service()).resolves.toBe('service')
  })
})
