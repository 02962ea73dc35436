import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { carouselMachine } from '@/machines/carousel.machine'

const start = (count = 2, initialIndex?: number) => createActor(carouselMachine, { input: { count, initialIndex } }).start()
const index = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.index

describe('carouselMachine', () => {
  it('starts on the first slide', () => {
    expect(index(start())).toBe(0)
  })

  it('next wraps from the last slide to the first', () => {
    const actor = start(2)
    actor.send({ type: 'carousel.next' })
    expect(index(actor)).toBe(1)
    actor.send({ type: 'carousel.next' })
    expect(index(actor)).toBe(0)
  })

  it('previous wraps from the first slide to the last', () => {
    const actor = start(3)
    actor.send({ type: 'carousel.prev' })
    expect(index(actor)).toBe(2)
    actor.send({ type: 'carousel.prev' })
    actor.send({ type: 'carousel.prev' })
    expect(index(actor)).toBe(0)
  })

  it('goes straight to a chosen slide and ignores slides that do not exist', () => {
    const actor = start(2)
    actor.send({ type: 'carousel.goTo', index: 1 })
    expect(index(actor)).toBe(1)
    for (const bad of [-1, 2, 0.5, Number.NaN]) actor.send({ type: 'carousel.goTo', index: bad })
    expect(index(actor)).toBe(1)
    actor.send({ type: 'carousel.goTo', index: 0 })
    expect(index(actor)).toBe(0)
  })

  it('keeps a given start slide within range, and a single slide stays put', () => {
    expect(index(start(2, 3))).toBe(1)
    expect(index(start(2, -1))).toBe(1)
    const single = start(1)
    single.send({ type: 'carousel.next' })
    single.send({ type: 'carousel.prev' })
    expect(single.getSnapshot().context).toEqual({ count: 1, index: 0 })
  })
})
