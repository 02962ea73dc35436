import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate'
import { addressAutocompleteMachine, type FetchPredictionsOutput } from '@/machines/address-autocomplete.machine'
import { aiReplyMachine, type AiReplyEvent, type DraftInput } from '@/machines/ai-reply.machine'
import { leadFormMachine, type SubmitLeadInput, type SubmitLeadOutput } from '@/machines/lead-form.machine'
import { reviewCheckMachine, type ReviewCheckEvent, type RunCheckInput } from '@/machines/review-check.machine'
import type { ReviewCheckResult } from '@/schemas/review-check'
import { shownPhase } from '@/machines/bot-check.machine'
import { botCheckWith, tokenAtOnce } from './token-fakes'

// Issue 42.1: what the lead form, /check and /reply do with the one bot check's outcome. A lead
// is never held back and Congrats hears whether it was verified; a check or a draft the function
// would refuse (no token) is not sent, and says why.

type Check = ReturnType<typeof botCheckWith>
/** The form's bot check (the form's snapshot holds it by its id). */
const botCheckIn = (form: { getSnapshot(): { children: Record<string, AnyActorRef | undefined> } }) => form.getSnapshot().children.botCheck
const inChallenge = (form: Parameters<typeof botCheckIn>[0], phase: 'showing' | 'failed' = 'showing') =>
  shownPhase(botCheckIn(form)?.getSnapshot()) === phase

describe('lead form', () => {
  const input = { tracking: { platform: '', keyword: '' }, source: { path: '/', label: 'Homepage' } }
  const initialValues = { locations: '1', name: 'Jane', phone: '0422470721', email: 'jane@example.com', business: '1 Main St', note: '' }
  function submit(check: Check, answer: SubmitLeadOutput) {
    const submitLead = vi.fn(async (_: SubmitLeadInput) => answer)
    const actor = createActor(
      leadFormMachine.provide({ actors: { botCheck: check, submitLead: fromPromise(({ input: sent }) => submitLead(sent)) } }),
      { input: { ...input, initialValues } },
    ).start()
    actor.send({ type: 'lead.submit' })
    return { actor, submitLead }
  }

  it.each([
    ['the function says verified', tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'), { id: '1', verified: true }, true],
    ['the function refused the token', tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'), { id: '1', verified: false }, false],
    ['no word, and a token was sent', tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'), { id: '1' }, true],
    ['no word, and the widget was blocked', botCheckWith(async () => ({ missing: 'blocked' })), { id: '1' }, false],
  ] as const)('Congrats knows whether the lead was verified: %s', async (_case, check, answer, verified) => {
    const { actor } = submit(check as Check, answer)
    await waitFor(actor, (s) => s.matches('accepted'))
    expect(actor.getSnapshot().context.verified).toBe(verified)
  })

  it('shows the check when none came; Send without the check sends the lead at once, unverified', async () => {
    const { actor, submitLead } = submit(
      botCheckWith(async () => ({ missing: 'failed' })),
      { id: '1' },
    )
    await vi.waitFor(() => expect(inChallenge(actor)).toBe(true))
    expect(submitLead).not.toHaveBeenCalled()
    actor.send({ type: 'botCheck.skip' })
    await waitFor(actor, (s) => s.matches('accepted'))
    expect(submitLead.mock.calls[0]?.[0]).not.toHaveProperty('turnstileToken')
    expect(actor.getSnapshot().context.verified).toBe(false)
  })
})

describe('/check', () => {
  const ranked = { business: { id: 'vet-1' }, competitors: [], rank: 1, radiusKm: 5 } as unknown as ReviewCheckResult
  function open(check: Check) {
    const run = vi.fn(async (_: RunCheckInput) => ranked)
    const actor = createActor(
      reviewCheckMachine.provide({
        actors: {
          botCheck: check,
          businessSearch: addressAutocompleteMachine.provide({
            actors: {
              fetchPredictions: fromPromise(async (): Promise<FetchPredictionsOutput> => ({ status: 'ZERO_RESULTS', predictions: [] })),
            },
          }),
          runCheck: fromPromise(({ input }) => run(input)),
          followUrl: fromCallback<ReviewCheckEvent>(({ sendBack }) => sendBack({ type: 'url.changed', placeId: 'vet-1', radiusKm: 5 })),
        },
        actions: { writeUrl: () => {} },
      }),
    ).start()
    return { actor, run }
  }

  it('a blocked widget: the check is not sent (the function would refuse it) and the page can say why', async () => {
    const { actor, run } = open(botCheckWith(async () => ({ missing: 'blocked' })))
    await waitFor(actor, (s) => s.matches({ failed: 'blocked' }))
    expect(run).not.toHaveBeenCalled()
    // Try again asks the bot check again; a widget that never loaded stays so, and nothing is sent.
    actor.send({ type: 'check.retry' })
    expect(actor.getSnapshot().matches({ failed: 'blocked' })).toBe(true)
    expect(run).not.toHaveBeenCalled()
  })

  it('no token yet: the check is shown, cannot be skipped, and the token the visitor earns runs the check', async () => {
    let give: (token: string) => void = () => {}
    const { actor, run } = open(
      botCheckWith(
        async () => ({ missing: 'failed' }),
        () => new Promise((resolve) => (give = (token) => resolve({ token }))),
      ),
    )
    await vi.waitFor(() => expect(inChallenge(actor, 'showing')).toBe(true))
    actor.send({ type: 'botCheck.skip' })
    expect(actor.getSnapshot().matches({ checking: 'verifying' })).toBe(true)
    give('seen')
    await waitFor(actor, (s) => s.matches('result'))
    expect(run.mock.calls[0]?.[0]).toEqual({ placeId: 'vet-1', radiusKm: 5, turnstileToken: 'seen' })
  })
})

describe('/reply', () => {
  it('a blocked widget: no draft is asked for, and the page can say why', async () => {
    const runs: DraftInput[] = []
    const actor = createActor(
      aiReplyMachine.provide({
        actors: {
          botCheck: botCheckWith(async () => ({ missing: 'blocked' })),
          streamReply: fromCallback<AiReplyEvent, DraftInput>(({ input }) => void runs.push(input)),
        },
      }),
    ).start()
    const values = { review: 'Cold coffee and a long wait.', rating: '1', firstName: 'Sam', business: 'Harbour Cafe' }
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'field.changed', field: field as 'review', value })
    actor.send({ type: 'draft.submit' })
    await waitFor(actor, (s) => s.matches({ failed: 'blocked' }))
    expect(runs).toEqual([])
  })
})
