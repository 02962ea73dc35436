import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { emailConfirmationMachine } from '@/machines/email-confirmation.machine'
import type { ConfirmRequest, ConfirmResult } from '@/schemas/email-confirmation'

function start(token: string | null, answer: (request: ConfirmRequest) => Promise<ConfirmResult>) {
  const post = vi.fn(answer)
  const actor = createActor(
    emailConfirmationMachine.provide({ actors: { postConfirmation: fromPromise(({ input }: { input: ConfirmRequest }) => post(input)) } }),
    { input: { token } },
  ).start()
  return { actor, post }
}

describe('the /confirm page machine', () => {
  it('sends nothing until the button is pressed (mail scanners open links), then posts the token once', async () => {
    const { actor, post } = start('abc.1.sig', async () => 'confirmed')
    expect(actor.getSnapshot().value).toBe('ready')
    expect(post).not.toHaveBeenCalled()
    actor.send({ type: 'confirm' })
    expect(actor.getSnapshot().value).toBe('posting')
    actor.send({ type: 'confirm' })
    await waitFor(actor, (s) => s.matches('confirmed'))
    expect(post.mock.calls).toEqual([[{ token: 'abc.1.sig' }]])
  })

  it('without a token in the URL the link is invalid and nothing can be posted', () => {
    for (const token of [null, '', '  ']) {
      const { actor, post } = start(token, async () => 'confirmed')
      expect(actor.getSnapshot().value).toBe('invalid')
      actor.send({ type: 'confirm' })
      expect(post).not.toHaveBeenCalled()
    }
  })

  it.each([
    ['already-confirmed', 'alreadyConfirmed'],
    ['invalid', 'invalid'],
    ['expired', 'expired'],
    ['rate-limited', 'failed'],
  ] as const)('answers %s with the %s state', async (result, state) => {
    const { actor } = start('t', async () => result)
    actor.send({ type: 'confirm' })
    await waitFor(actor, (s) => s.matches(state))
  })

  it('an expired link asks for a new one with resend; sent or limited ends there', async () => {
    for (const [second, state] of [
      ['new-link-sent', 'linkSent'],
      ['new-link-limited', 'linkLimited'],
    ] as const) {
      const answers: ConfirmResult[] = ['expired', second]
      const { actor, post } = start('t', async () => answers.shift()!)
      actor.send({ type: 'confirm' })
      await waitFor(actor, (s) => s.matches('expired'))
      actor.send({ type: 'link.request' })
      await waitFor(actor, (s) => s.matches(state))
      expect(post.mock.calls.map(([request]) => request)).toEqual([{ token: 't' }, { token: 't', resend: true }])
    }
  })

  it('a failed post (network, server) can be tried again with the same request', async () => {
    let calls = 0
    const { actor, post } = start('t', async () => {
      if (++calls === 1) throw new Error('offline')
      return 'confirmed'
    })
    actor.send({ type: 'confirm' })
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'retry' })
    await waitFor(actor, (s) => s.matches('confirmed'))
    expect(post).toHaveBeenCalledTimes(2)
    expect(post.mock.calls[1]).toEqual([{ token: 't' }])
  })
})
