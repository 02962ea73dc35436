import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { copyLinkMachine } from '@/machines/copy-link.machine'
import { qrCodeMachine } from '@/machines/qr-code.machine'

describe('copy link machine', () => {
  it('says copied, then clears the status; a refused clipboard says it failed', async () => {
    const copied: string[] = []
    const clock = new SimulatedClock()
    const actor = createActor(
      copyLinkMachine.provide({ actors: { writeClipboard: fromPromise(async ({ input }) => void copied.push(input.text)) } }),
      { clock },
    ).start()
    actor.send({ type: 'link.copy', text: 'https://example.test/review' })
    await waitFor(actor, (s) => s.matches('copied'))
    expect(copied).toEqual(['https://example.test/review'])
    clock.increment(5_000)
    expect(actor.getSnapshot().value).toBe('idle')

    const refused = createActor(
      copyLinkMachine.provide({ actors: { writeClipboard: fromPromise(() => Promise.reject(new Error('denied'))) } }),
    ).start()
    refused.send({ type: 'link.copy', text: 'x' })
    await waitFor(refused, (s) => s.matches('failed'))
  })
})

describe('QR code machine', () => {
  it('draws the text once and keeps the image, or fails', async () => {
    const drawn: string[] = []
    const actor = createActor(
      qrCodeMachine.provide({ actors: { drawQr: fromPromise(async ({ input }) => (drawn.push(input.text), 'data:image/png;base64,AA')) } }),
      {
        input: { text: 'https://example.test/review' },
      },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.image).toBe('data:image/png;base64,AA')
    expect(drawn).toEqual(['https://example.test/review'])
    const broken = createActor(qrCodeMachine.provide({ actors: { drawQr: fromPromise(() => Promise.reject(new Error('no canvas'))) } }), {
      input: { text: 'x' },
    }).start()
    await waitFor(broken, (s) => s.matches('failed'))
  })
})
