import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import { fromService, unlessAborted } from '@/lib/from-service'

/** Like every service: honours its signal, so an abort rejects with the platform's AbortError. */
const slowCall = (_input: string, signal: AbortSignal) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => resolve('done'), 50)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('aborted', 'AbortError'))), { once: true })
  })

const outcome = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((done) => setTimeout(() => done('pending'), 100)),
  ])

describe('fromService', () => {
  it('passes the input and the signal, and resolves with the call', async () => {
    await expect(toPromise(createActor(fromService(slowCall), { input: 'x' }).start())).resolves.toBe('done')
  })

  it('a call its signal aborted never settles, so its abort reaches no machine', async () => {
    const controller = new AbortController()
    const call = unlessAborted(slowCall('x', controller.signal), controller.signal)
    controller.abort()
    expect(await outcome(call)).toBe('pending')
  })

  it('a failure of a live call is passed on, an AbortError of its own too', async () => {
    const failing = () => Promise.reject(new DOMException('aborted', 'AbortError'))
    await expect(toPromise(createActor(fromService(failing), { input: 'x' }).start())).rejects.toThrow('aborted')
    expect(await outcome(unlessAborted(failing(), new AbortController().signal))).toBe('rejected')
  })
})
