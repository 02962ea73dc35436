import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { calendarEmbedMachine, type CalendarEmbedEvent } from '@/machines/calendar-embed.machine'
import { createCalEmbedCalendar } from '@/services/calendar'

type Handler = { action: string; callback: (event: { detail: { data: unknown } }) => void }

/** The embed as the page sees it: `window.Cal` whose namespace keeps the 'on'/'off' registrations. */
function fakeEmbed() {
  const handlers: Handler[] = []
  const ns = vi.fn((command: string, options: Handler) => {
    if (command === 'on') handlers.push(options)
    if (command === 'off') handlers.splice(handlers.indexOf(options), 1)
  })
  vi.stubGlobal('window', { Cal: Object.assign(vi.fn(), { q: [], ns: { '30min': ns }, loaded: true }) })
  const emit = (action: string, data: unknown) => {
    for (const handler of handlers.filter((h) => h.action === action)) handler.callback({ detail: { data } })
  }
  return { handlers, emit }
}

function start() {
  const embed = fakeEmbed()
  const calendar = createCalEmbedCalendar({ origin: 'https://cal.example', calLink: 'team/30min' })
  const callBooked = vi.fn()
  const machine = calendarEmbedMachine.provide({
    actors: {
      loadCalendar: fromPromise(async () => {}),
      bookingEvents: fromCallback<CalendarEmbedEvent>(({ sendBack }) =>
        calendar.onBooked(({ startTime }) => sendBack({ type: 'calendar.booked', startTime })),
      ),
    },
    actions: { callBooked },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, { clock }).start()
  return { actor, clock, embed, callBooked }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('calendarEmbedMachine: the booking event', () => {
  it("listens for the embed's bookingSuccessfulV2 once the widget is ready, and books on it", async () => {
    const { actor, clock, embed, callBooked } = start()
    expect(embed.handlers).toEqual([])
    await waitFor(actor, (s) => s.matches('ready'))
    expect(embed.handlers.map((h) => h.action)).toEqual(['bookingSuccessfulV2'])
    clock.increment(1000)
    expect(actor.getSnapshot().value).toBe('scheduled')

    embed.emit('bookingSuccessfulV2', { uid: 'b-1', startTime: '2026-11-26T22:00:00.000Z', endTime: '2026-11-26T22:30:00.000Z' })
    expect(actor.getSnapshot().value).toBe('booked')
    expect(actor.getSnapshot().context.bookedStart).toBe('2026-11-26T22:00:00.000Z')
    expect(callBooked).toHaveBeenCalledTimes(1)
  })

  it('other embed events and a booking without a start change nothing', async () => {
    const { actor, embed, callBooked } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    embed.emit('linkReady', {})
    embed.emit('bookingSuccessfulV2', { uid: 'b-1' })
    expect(actor.getSnapshot().value).toBe('ready')
    expect(callBooked).not.toHaveBeenCalled()
  })

  it('a new time booked in the same widget replaces the first', async () => {
    const { actor, embed, callBooked } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    embed.emit('bookingSuccessfulV2', { startTime: '2026-11-26T22:00:00.000Z' })
    embed.emit('bookingSuccessfulV2', { startTime: '2026-11-27T01:00:00.000Z' })
    expect(actor.getSnapshot().context.bookedStart).toBe('2026-11-27T01:00:00.000Z')
    expect(callBooked).toHaveBeenCalledTimes(2)
    expect(embed.handlers).toHaveLength(1)
  })

  it('leaving the page stops listening', async () => {
    const { actor, embed } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.stop()
    expect(embed.handlers).toEqual([])
  })
})
