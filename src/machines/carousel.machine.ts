import { assign, setup } from 'xstate'

export interface CarouselInput {
  /** How many slides the carousel holds (at least one). */
  count: number
  /** The slide shown first; the prerendered page shows the same one. */
  initialIndex?: number
}

export interface CarouselContext {
  count: number
  index: number
}

export type CarouselEvent = { type: 'carousel.next' } | { type: 'carousel.prev' } | { type: 'carousel.goTo'; index: number }

const wrap = (index: number, count: number) => ((index % count) + count) % count

/** Which slide of a carousel is shown; next and previous wrap around at both ends. */
export const carouselMachine = setup({
  types: {
    input: {} as CarouselInput,
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
  },
  actions: {
    showNext: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }),
    showPrevious: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }),
    showSlide: assign((_, index: number) => ({ index })),
  },
  guards: {
    isSlide: ({ context }, index: number) => Number.isInteger(index) && index >= 0 && index < context.count,
  },
}).createMachine({
  id: 'carousel',
  context: ({ input }) => {
    const count = Math.max(1, Math.floor(input.count))
    return { count, index: wrap(Math.floor(input.initialIndex ?? 0), count) }
  },
  initial: 'showing',
  states: {
    showing: {
      on: {
        'carousel.next': { actions: 'showNext' },
        'carousel.prev': { actions: 'showPrevious' },
        'carousel.goTo': {
          guard: { type: 'isSlide', params: ({ event }) => event.index },
          actions: { type: 'showSlide', params: ({ event }) => event.index },
        },
      },
    },
  },
})
