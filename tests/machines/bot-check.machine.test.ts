import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { mayBeVerified } from '@/machines/bot-check.machine'
import type { TokenTake } from '@/schemas/bot-check'
import { botCheckWith } from './token-fakes'

// Issue 42.1 / 43.7: the one bot check every form invokes. A token ends it; a widget that gave
// nothing is shown visibly for the visitor to take, with Try again and, where the form allows,
// Send without the check; a widget that never loaded ends it at once, saying so.

const run = (take: () => Promise<TokenTake>, challenge?: () => Promise<TokenTake>, canSkip = true) =>
  createActor(botCheckWith(take, challenge), { input: { canSkip } }).start()

/** A visible challenge the test settles by hand, counting how often it was shown. */
function handChallenge() {
  const shown: ((take: TokenTake) => void)[] = []
  return { shown, challenge: () => new Promise<TokenTake>((settle) => shown.push(settle)) }
}

describe('botCheckMachine', () => {
  it("ends with the invisible widget's token, never showing anything", async () => {
    const check = run(async () => ({ token: 't-1' }))
    await waitFor(check, (s) => s.status === 'done')
    expect(check.getSnapshot().output).toEqual({ token: 't-1' })
  })

  it.each([['blocked'], ['off']] as const)('ends at once without a token when the widget is %s, and says so', async (missing) => {
    const check = run(async () => ({ missing }))
    await waitFor(check, (s) => s.status === 'done')
    expect(check.getSnapshot().output).toEqual({ missing })
    expect(mayBeVerified({ missing })).toBe(missing === 'off')
  })

  it('shows the check when the widget gave nothing, and ends with the token the visitor earns there', async () => {
    const visible = handChallenge()
    const check = run(async () => ({ missing: 'failed' }), visible.challenge)
    await waitFor(check, (s) => s.matches({ challenge: 'showing' }))
    visible.shown[0]!({ token: 'seen' })
    await waitFor(check, (s) => s.status === 'done')
    expect(check.getSnapshot().output).toEqual({ token: 'seen' })
    expect(mayBeVerified({ token: 'seen' })).toBe(true)
  })

  it('a visible check that fails waits for Try again, which shows it afresh', async () => {
    const visible = handChallenge()
    const check = run(async () => ({ missing: 'failed' }), visible.challenge)
    await waitFor(check, (s) => s.matches({ challenge: 'showing' }))
    visible.shown[0]!({ missing: 'failed' })
    await waitFor(check, (s) => s.matches({ challenge: 'failed' }))
    check.send({ type: 'botCheck.retry' })
    await waitFor(check, () => visible.shown.length === 2)
    expect(check.getSnapshot().matches({ challenge: 'showing' })).toBe(true)
    visible.shown[1]!({ token: 'second' })
    await waitFor(check, (s) => s.status === 'done')
    expect(check.getSnapshot().output).toEqual({ token: 'second' })
  })

  it('Send without the check ends it as skipped where the form allows it, and is ignored where it does not', async () => {
    const allowed = run(async () => ({ missing: 'failed' }), handChallenge().challenge, true)
    await waitFor(allowed, (s) => s.matches('challenge'))
    allowed.send({ type: 'botCheck.skip' })
    expect(allowed.getSnapshot().output).toEqual({ missing: 'skipped' })
    expect(mayBeVerified({ missing: 'skipped' })).toBe(false)

    const refused = run(async () => ({ missing: 'failed' }), handChallenge().challenge, false)
    await waitFor(refused, (s) => s.matches('challenge'))
    refused.send({ type: 'botCheck.skip' })
    expect(refused.getSnapshot().matches({ challenge: 'showing' })).toBe(true)
  })

  it('a widget that throws counts as blocked', async () => {
    const check = run(() => Promise.reject(new Error('chunk failed')))
    await waitFor(check, (s) => s.status === 'done')
    expect(check.getSnapshot().output).toEqual({ missing: 'blocked' })
  })
})
