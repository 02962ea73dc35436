import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { calendarEmbedMachine } from '@/machines/calendar-embed.machine'

function start(load: (signal: AbortSignal) => Promise<void>) {
  const clickSchedule = vi.fn()
  const loadCalendar = vi.fn(load)
  const machine = calendarEmbedMachine.provide({
    actors: { loadCalendar: fromPromise(({ signal }) => loadCalendar(signal)) },
    actions: { clickSchedule },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, { clock }).start()
  return { actor, clock, clickSchedule, loadCalendar }
}

describe('calendarEmbedMachine', () => {
  it('loads the widget on start', () => {
    const { actor, loadCalendar } = start(() => new Promise(() => {}))
    expect(actor.getSnapshot().value).toBe('loading')
    expect(loadCalendar).toHaveBeenCalledTimes(1)
  })

  it('clicks the schedule button 1000 ms after the widget is ready, not at 999', async () => {
    const { actor, clock, clickSchedule } = start(async () => {})
    await waitFor(actor, (s) => s.matches('ready'))

    clock.increment(999)
    expect(clickSchedule).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('ready')

    clock.increment(1)
    expect(clickSchedule).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe('scheduled')

    clock.increment(10_000)
    expect(clickSchedule).toHaveBeenCalledTimes(1)
  })

  it('the delay counts from readiness, not from mount', async () => {
    let ready!: () => void
    const { actor, clock, clickSchedule } = start(() => new Promise<void>((resolve) => (ready = resolve)))
    clock.increment(5000)
    ready()
    await waitFor(actor, (s) => s.matches('ready'))
    clock.increment(999)
    expect(clickSchedule).not.toHaveBeenCalled()
    clock.increment(1)
    expect(clickSchedule).toHaveBeenCalledTimes(1)
  })

  it('a load failure ends in failed and never clicks', async () => {
    const { actor, clock, clickSchedule } = start(async () => {
      throw new Error('script blocked')
    })
    await waitFor(actor, (s) => s.matches('failed'))
    clock.increment(5000)
    expect(clickSchedule).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('failed')
  })

  it('a load that neither finishes nor fails ends in failed after 10 s, aborting it', () => {
    let signal: AbortSignal | undefined
    const { actor, clock, clickSchedule } = start((s) => {
      signal = s
      return new Promise(() => {})
    })
    clock.increment(9_999)
    expect(actor.getSnapshot().value).toBe('loading')
    expect(signal?.aborted).toBe(false)

    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(signal?.aborted).toBe(true)
    clock.increment(5000)
    expect(clickSchedule).not.toHaveBeenCalled()
  })

  it('leaving the page while loading aborts the load and never clicks', () => {
    let signal: AbortSignal | undefined
    const { actor, clock, clickSchedule } = start((s) => {
      signal = s
      return new Promise(() => {})
    })
    actor.stop()
    expect(signal?.aborted).toBe(true)
    clock.increment(5000)
    expect(clickSchedule).not.toHaveBeenCalled()
  })

  it('stopping before the auto-click cancels it', async () => {
    const { actor, clock, clickSchedule } = start(async () => {})
    await waitFor(actor, (s) => s.matches('ready'))
    actor.stop()
    clock.increment(5000)
    expect(clickSchedule).not.toHaveBeenCalled()
  })

  it('the default loadCalendar is not provided: the machine fails to the plain link', async () => {
    const actor = createActor(calendarEmbedMachine).start()
    await waitFor(actor, (s) => s.matches('failed'))
  })
})
