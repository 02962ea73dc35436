import { lazy, Suspense } from 'react'
import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { fromCallback, fromPromise } from 'xstate'
import { aiReplyContent as c } from '@/content/ai-reply'
import { headFor } from '@/lib/page-meta'
import { useAppActor } from '@/lib/use-app-actor'
import { firstInvalidField } from '@/lib/move-focus'
import { useFocusOn } from '@/lib/use-focus-on'
import { aiReplyMachine, type AiReplyEvent, type AiReplyContext, type DraftInput } from '@/machines/ai-reply.machine'
import { REPLY_FAILURE_KINDS } from '@/schemas/ai-reply'
import { readFailure } from '@/schemas/failure'
import type { AiReplyService } from '@/services/ai-reply'
import { PageIntro } from '@/ui/layout/page-intro'
import { ReplyForm } from '@/ui/reply/reply-form'
import { CallUs } from '@/ui/lead-form/call-us'
import { useTurnstile } from './-components/use-turnstile'

// The draft panel and the lead form behind its call are their own chunk, as is the streaming code
// (the service imports it when a draft is asked for): the page opens with the form only.
const ReplyResult = lazy(() => import('./-components/reply-result'))

export const Route = createFileRoute('/reply')({
  head: () => headFor('/reply'),
  component: ReplyPage,
})

/** The machine's streaming actor on the service: every event is passed on; leaving the state aborts. */
const streamReply = (service: AiReplyService) =>
  fromCallback<AiReplyEvent, DraftInput>(({ input: { turnstileToken, ...request }, sendBack }) => {
    const controller = new AbortController()
    service
      .draft(request, {
        signal: controller.signal,
        turnstileToken,
        onEvent: (event) =>
          sendBack(
            event.type === 'chunk'
              ? { type: 'stream.chunk', text: event.text, source: event.source }
              : { type: 'stream.done', text: event.text, source: event.source, ...(event.reason ? { reason: event.reason } : {}) },
          ),
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        const failure = readFailure(error, REPLY_FAILURE_KINDS, 'down')
        sendBack({ type: 'stream.failed', kind: failure.kind, retryAfterSeconds: failure.retryAfterSeconds })
      })
    return () => controller.abort()
  })

const writeClipboard = fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text))

const leadOf = (context: AiReplyContext) =>
  context.source && context.form.rating
    ? {
        rating: context.form.rating,
        tone: context.form.tone,
        kind: context.form.kind,
        source: context.source,
        businessName: context.form.business,
      }
    : null

function ReplyPage() {
  const { services } = Route.useRouteContext()
  const hydrated = useHydrated()
  const { botCheck, watch: watchTouch, slot: widgetSlot } = useTurnstile('reply')
  const [state, flow] = useAppActor(
    aiReplyMachine.provide({ actors: { botCheck, streamReply: streamReply(services.aiReply), writeClipboard } }),
  )
  useFocusOn(flow, 'draft.refused', () => firstInvalidField(document.getElementById('main')))
  const { context } = state
  const drafting = state.matches('drafting') || state.matches('verifying')
  const drafted = state.matches('drafted')

  const waiting = state.matches({ drafting: 'onItsWay' })
    ? 'onItsWay'
    : state.matches({ drafting: 'waiting' }) || state.matches('verifying')
      ? 'starting'
      : null
  const status = drafting
    ? waiting === 'onItsWay'
      ? c.draft.onItsWay
      : c.draft.writing
    : state.matches({ drafted: 'copied' })
      ? c.draft.copied
      : state.matches({ drafted: 'copyFailed' })
        ? c.draft.copyFailed
        : drafted
          ? c.draft.done
          : ''

  return (
    <>
      <PageIntro eyebrow={c.intro.eyebrow} title={c.intro.title}>
        {c.intro.text}
      </PageIntro>
      <div className="container-page grid max-w-3xl gap-8 pb-16">
        <div ref={watchTouch}>
          <ReplyForm
            values={context.form}
            errors={context.errors}
            ready={hydrated}
            busy={drafting}
            onChange={(field, value) => flow.send({ type: 'field.changed', field, value })}
            onSubmit={() => flow.send({ type: 'draft.submit' })}
          />
          {widgetSlot(flow)}
        </div>
        {(drafting || drafted) && (
          <Suspense fallback={<p>{c.draft.writing}</p>}>
            <ReplyResult
              phase={drafting ? 'drafting' : 'drafted'}
              waiting={waiting}
              reply={context.reply}
              source={context.source}
              reason={context.reason}
              retryAfterSeconds={context.failure?.retryAfterSeconds}
              stopped={context.stopped}
              copying={state.matches({ drafted: 'copying' })}
              onStop={() => flow.send({ type: 'draft.stop' })}
              onEdit={(text) => flow.send({ type: 'reply.edit', text })}
              onCopy={() => flow.send({ type: 'reply.copy' })}
              onRegenerate={() => flow.send({ type: 'draft.submit' })}
              lead={leadOf(context)}
            />
          </Suspense>
        )}
        {state.matches('failed') && (
          <div className="rounded-lg bg-red-50 p-4">
            <p role="alert" className="font-medium text-danger">
              {state.matches({ failed: 'notVerified' })
                ? c.failure.notVerified
                : state.matches({ failed: 'blocked' })
                  ? c.failure.blocked
                  : c.failure.invalid}
            </p>
            {!state.matches({ failed: 'invalid' }) && <CallUs />}
          </div>
        )}
        <p role="status" className="sr-only">
          {status}
        </p>
      </div>
    </>
  )
}
