import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { aiReplyMachine, type AiReplyEvent } from '@/machines/ai-reply.machine'
import type { DraftInput } from '@/machines/ai-reply.machine'
import { botCheckWith, tokenAtOnce } from './token-fakes'

/** A streaming actor the test drives by hand: it records each request and whether it was aborted. */
function fakeStream() {
  const runs: { input: DraftInput; send: (event: AiReplyEvent) => void; aborted: boolean }[] = []
  const actor = fromCallback<AiReplyEvent, DraftInput>(({ input, sendBack }) => {
    const run = { input, send: sendBack, aborted: false }
    runs.push(run)
    return () => {
      run.aborted = true
    }
  })
  return { actor, runs, last: () => runs[runs.length - 1]! }
}

function start(copy: (text: string) => Promise<void> = async () => {}) {
  const stream = fakeStream()
  const writeClipboard = vi.fn(copy)
  const clock = new SimulatedClock()
  const actor = createActor(
    aiReplyMachine.provide({
      actors: {
        botCheck: tokenAtOnce(),
        streamReply: stream.actor,
        writeClipboard: fromPromise(({ input }) => writeClipboard(input.text)),
      },
    }),
    { clock },
  )
  actor.start()
  return { actor, clock, stream, writeClipboard }
}

function fill(actor: ReturnType<typeof start>['actor'], fields: Record<string, string> = {}) {
  const values = { review: 'Cold coffee and a long wait.', rating: '1', firstName: 'Sam', business: 'Harbour Cafe', ...fields }
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.changed', field: field as 'review', value })
}

describe('ai reply machine', () => {
  it('names every missing field without starting a draft', () => {
    const { actor, stream } = start()
    const refused = vi.fn()
    actor.on('draft.refused', refused)
    actor.send({ type: 'draft.submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(refused).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.errors).toEqual({
      review: 'Please paste the review',
      rating: 'Please choose the star rating',
      business: 'Please enter your business name',
    })
    actor.send({ type: 'field.changed', field: 'review', value: 'x'.repeat(2_001) })
    actor.send({ type: 'draft.submit' })
    expect(actor.getSnapshot().context.errors.review).toBe('The review can be up to 2000 characters')
    actor.send({ type: 'field.changed', field: 'review', value: 'Fine.' })
    expect(actor.getSnapshot().context.errors.review).toBeUndefined()
    expect(refused).toHaveBeenCalledTimes(2)
    expect(stream.runs).toHaveLength(0)
  })

  it('streams checked chunks into the reply, then takes the final text and its source', () => {
    const { actor, stream } = start()
    fill(actor, { kind: 'health', tone: 'brief' })
    actor.send({ type: 'draft.submit' })
    expect(actor.getSnapshot().value).toEqual({ drafting: 'waiting' })
    expect(stream.last().input).toEqual({
      review: 'Cold coffee and a long wait.',
      rating: 1,
      firstName: 'Sam',
      business: 'Harbour Cafe',
      kind: 'health',
      tone: 'brief',
    })
    stream.last().send({ type: 'stream.chunk', text: 'Sam, we are sorry. ', source: 'ai' })
    stream.last().send({ type: 'stream.chunk', text: 'Please call us.', source: 'ai' })
    expect(actor.getSnapshot().context.reply).toBe('Sam, we are sorry. Please call us.')
    stream.last().send({ type: 'stream.done', text: 'Sam, we are sorry. Please call us.', source: 'ai' })
    expect(actor.getSnapshot().value).toEqual({ drafted: 'idle' })
    expect(actor.getSnapshot().context).toMatchObject({ source: 'ai', reason: null, stopped: false })
  })

  it('Stop aborts the stream and keeps what was written, editable; Regenerate starts again', () => {
    const { actor, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    stream.last().send({ type: 'stream.chunk', text: 'Hi Sam, we are sorry. ', source: 'ai' })
    actor.send({ type: 'draft.stop' })
    expect(stream.last().aborted).toBe(true)
    expect(actor.getSnapshot().value).toEqual({ drafted: 'idle' })
    expect(actor.getSnapshot().context).toMatchObject({ reply: 'Hi Sam, we are sorry. ', stopped: true, source: 'ai' })
    actor.send({ type: 'reply.edit', text: 'Hi Sam, we are sorry to hear this.' })
    expect(actor.getSnapshot().context.reply).toBe('Hi Sam, we are sorry to hear this.')

    actor.send({ type: 'draft.submit' })
    expect(stream.runs).toHaveLength(2)
    expect(actor.getSnapshot().context).toMatchObject({ reply: '', stopped: false, source: null })
  })

  it('Stop before any text goes back to editing', () => {
    const { actor, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    actor.send({ type: 'draft.stop' })
    expect(stream.last().aborted).toBe(true)
    expect(actor.getSnapshot().value).toBe('editing')
  })

  it('leaving the page (stopping the actor) aborts the stream', () => {
    const { actor, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    actor.stop()
    expect(stream.last().aborted).toBe(true)
  })

  it('a template arrives when the service is down, labelled as such', () => {
    const { actor, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    stream.last().send({ type: 'stream.failed', kind: 'down' })
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().value).toEqual({ drafted: 'idle' })
    expect(context).toMatchObject({ source: 'template', reason: 'down' })
    expect(context.reply).toMatch(/^Hi Sam, .*waiting times.*Harbour Cafe/)
  })

  it('with nothing after 12 s it stops waiting and gives the template; text already arriving is left alone', () => {
    const { actor, clock, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    clock.increment(11_999)
    expect(actor.getSnapshot().matches('drafting')).toBe(true)
    clock.increment(1)
    expect(actor.getSnapshot().context).toMatchObject({ source: 'template', reason: 'slow' })
    expect(stream.last().aborted).toBe(true)

    actor.send({ type: 'draft.submit' })
    stream.last().send({ type: 'stream.chunk', text: 'Hi Sam. ', source: 'ai' })
    clock.increment(12_000)
    expect(actor.getSnapshot().value).toEqual({ drafting: 'writing' })
  })

  it('waits visibly from the press: after 3 s with no text it says the draft is on its way, until text arrives', () => {
    const { actor, clock, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    expect(actor.getSnapshot().value).toEqual({ drafting: 'waiting' })
    clock.increment(2_999)
    expect(actor.getSnapshot().value).toEqual({ drafting: 'waiting' })
    clock.increment(1)
    expect(actor.getSnapshot().value).toEqual({ drafting: 'onItsWay' })
    stream.last().send({ type: 'stream.chunk', text: 'Hi Sam. ', source: 'ai' })
    expect(actor.getSnapshot().value).toEqual({ drafting: 'writing' })

    // Regenerate starts the wait again, and text before 3 s never says 'on its way'.
    stream.last().send({ type: 'stream.done', text: 'Hi Sam.', source: 'ai' })
    actor.send({ type: 'draft.submit' })
    expect(actor.getSnapshot().value).toEqual({ drafting: 'waiting' })
    stream.last().send({ type: 'stream.chunk', text: 'Hi. ', source: 'ai' })
    clock.increment(5_000)
    expect(actor.getSnapshot().value).toEqual({ drafting: 'writing' })
  })

  it('rate limited: the template for the review at once, with the wait, then a new try when asked', () => {
    const { actor, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    stream.last().send({ type: 'stream.failed', kind: 'rate-limited', retryAfterSeconds: 1_800 })
    expect(actor.getSnapshot().value).toEqual({ drafted: 'idle' })
    expect(actor.getSnapshot().context).toMatchObject({ source: 'template', reason: 'rate-limited' })
    expect(actor.getSnapshot().context.reply.length).toBeGreaterThan(20)
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'rate-limited', retryAfterSeconds: 1_800 })
    actor.send({ type: 'draft.submit' })
    expect(actor.getSnapshot().value).toEqual({ drafting: 'waiting' })
    expect(actor.getSnapshot().context.failure).toBeNull()
  })

  it('refused input from the server is its own failure', () => {
    const { actor, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    stream.last().send({ type: 'stream.failed', kind: 'invalid' })
    expect(actor.getSnapshot().value).toEqual({ failed: 'invalid' })
  })

  it('sends the bot check token with the request; refused for want of one, it says so (verification-failed), and a new press asks again', () => {
    const { actor, stream } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    stream.last().send({ type: 'stream.failed', kind: 'verification-failed' })
    expect(actor.getSnapshot().value).toEqual({ failed: 'notVerified' })
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'verification-failed', retryAfterSeconds: undefined })
    actor.send({ type: 'draft.submit' })
    expect(actor.getSnapshot().matches('drafting')).toBe(true)
    expect(stream.runs).toHaveLength(2)
  })

  it('waits for the token before streaming, and passes it on; Stop while waiting goes back to editing', async () => {
    const stream = fakeStream()
    let give: (token: string) => void = () => {}
    const actor = createActor(
      aiReplyMachine.provide({
        actors: {
          botCheck: botCheckWith(() => new Promise((resolve) => (give = (token) => resolve({ token })))),
          streamReply: stream.actor,
        },
      }),
    ).start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    expect(actor.getSnapshot().value).toBe('verifying')
    expect(stream.runs).toHaveLength(0)
    give('XXXX.DUMMY.TOKEN.XXXX')
    await waitFor(actor, (s) => s.matches('drafting'))
    expect(stream.last().input).toMatchObject({ business: 'Harbour Cafe', turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' })
    stream.last().send({ type: 'stream.done', text: 'Thanks.', source: 'template' })
    actor.send({ type: 'draft.submit' })
    actor.send({ type: 'draft.stop' })
    expect(actor.getSnapshot().value).toBe('editing')
  })

  it('copies the reply as edited, and the status clears after 5 s', async () => {
    const { actor, clock, stream, writeClipboard } = start()
    fill(actor)
    actor.send({ type: 'draft.submit' })
    stream.last().send({ type: 'stream.done', text: 'Thank you, Sam.', source: 'template' })
    actor.send({ type: 'reply.edit', text: 'Thank you, Sam!' })
    actor.send({ type: 'reply.copy' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ drafted: 'copied' }))
    expect(writeClipboard).toHaveBeenCalledWith('Thank you, Sam!')
    clock.increment(5_000)
    expect(actor.getSnapshot().value).toEqual({ drafted: 'idle' })
  })

  it('a refused clipboard is reported', async () => {
    const { actor, stream } = start(() => Promise.reject(new Error('denied')))
    fill(actor)
    actor.send({ type: 'draft.submit' })
    stream.last().send({ type: 'stream.done', text: 'Thank you, Sam.', source: 'template' })
    actor.send({ type: 'reply.copy' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ drafted: 'copyFailed' }))
  })
})
