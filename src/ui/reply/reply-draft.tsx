import { useEffect, useRef } from 'react'
import { aiReplyContent } from '@/content/ai-reply'
import type { ReplySource, TemplateReason } from '@/schemas/ai-reply'

const c = aiReplyContent.draft

export type ReplyDraftProps = {
  phase: 'drafting' | 'drafted'
  /** While drafting with no text yet: just asked, or asked a few seconds ago ('on its way'). */
  waiting?: 'starting' | 'onItsWay' | null
  reply: string
  source: ReplySource | null
  reason: TemplateReason | null
  /** With the `rate-limited` reason: how long until the visitor may draft with AI again. */
  retryAfterSeconds?: number
  stopped: boolean
  copying: boolean
  onStop: () => void
  onEdit: (text: string) => void
  onCopy: () => void
  onRegenerate: () => void
}

/** The reply as it is written, then editable in place, always under the policy that it is a draft. */
export function ReplyDraft(props: ReplyDraftProps) {
  const { phase, waiting = null, reply, source, reason, stopped, copying, onStop, onEdit, onCopy, onRegenerate } = props
  const stop = useRef<HTMLButtonElement>(null)
  const editor = useRef<HTMLTextAreaElement>(null)

  // The button the visitor pressed is disabled or gone: focus moves to what they can do next.
  useEffect(() => {
    if (phase === 'drafting') stop.current?.focus()
    else editor.current?.focus()
  }, [phase])

  const note =
    source !== 'template'
      ? null
      : reason === 'rate-limited'
        ? aiReplyContent.limited(props.retryAfterSeconds)
        : aiReplyContent.fallback[reason ?? 'offline']
  return (
    <section aria-labelledby="reply-draft-title" className="grid gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <h2 id="reply-draft-title" className="text-2xl font-extrabold text-ink">
        {c.heading}
      </h2>
      <p className="rounded-lg bg-white p-3 text-sm text-ink">
        <strong>{c.policy}</strong> {c.policyDetail}
      </p>
      {source && (
        <p className="text-sm text-ink">
          <span className="mr-2 inline-block rounded-full bg-white px-2.5 py-0.5 font-semibold text-brand-800">
            {source === 'ai' ? c.aiLabel : c.templateLabel}
          </span>
          {note}
        </p>
      )}
      {phase === 'drafting' ? (
        // The wait is shown over the empty box, so the first words take its place without moving anything.
        <div className="relative">
          <div
            role="group"
            aria-label={c.heading}
            aria-busy="true"
            data-testid="draft-text-live"
            className="min-h-32 rounded-lg border border-slate-300 bg-white p-3 whitespace-pre-wrap text-ink"
          >
            {reply}
          </div>
          {waiting && !reply && (
            <p aria-hidden="true" className="pointer-events-none absolute inset-x-3 top-3 flex items-start gap-2 text-muted">
              <span className="mt-1 size-4 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
              {waiting === 'onItsWay' ? c.onItsWay : c.writing}
            </p>
          )}
        </div>
      ) : (
        <>
          {stopped && <p className="text-sm text-muted">{c.stoppedNote}</p>}
          <label htmlFor="reply-text" className="sr-only">
            {c.editable}
          </label>
          <textarea
            id="reply-text"
            ref={editor}
            rows={7}
            value={reply}
            onChange={(event) => onEdit(event.currentTarget.value)}
            className="w-full rounded-lg border border-slate-300 bg-white p-3 text-ink"
          />
        </>
      )}
      <div className="flex flex-wrap gap-3">
        {phase === 'drafting' ? (
          <button ref={stop} type="button" className="btn-secondary" onClick={onStop}>
            {c.stop}
          </button>
        ) : (
          <>
            <button type="button" className="btn-secondary" disabled={copying} onClick={onCopy}>
              {c.copy}
            </button>
            <button type="button" className="btn-secondary" onClick={onRegenerate}>
              {c.regenerate}
            </button>
          </>
        )}
      </div>
    </section>
  )
}
