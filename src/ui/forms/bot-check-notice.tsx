import { useCallback, useId, type ReactNode } from 'react'

export type BotCheckNoticeProps = {
  /** 'showing': the check is shown for the visitor to take; 'failed': it did not work. */
  phase: 'showing' | 'failed' | null
  text: { showing: string; failed: string; retry: string; skip: string }
  /** What sending without the check means; none where the form cannot be sent without it. */
  skipMeans?: string
  /** The phone and e-mail, for anyone the check keeps out. */
  callUs: ReactNode
  onRetry: () => void
  onSkip: () => void
  /** Where the widget draws: kept in the page whatever the phase, since the widget lives in it. */
  widget: ReactNode
}

/**
 * The bot check made visible: what happened (focused when it appears, and read out when it
 * changes), the widget, then Try again and, where the form allows it, Send without the check.
 */
export function BotCheckNotice({ phase, text, skipMeans, callUs, onRetry, onSkip, widget }: BotCheckNoticeProps) {
  const id = useId()
  const focusOnArrival = useCallback((message: HTMLParagraphElement | null) => message?.focus(), [])
  return (
    <div
      role={phase ? 'group' : undefined}
      aria-labelledby={phase ? id : undefined}
      className={phase ? 'mt-4 grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4' : undefined}
    >
      {phase && (
        <p id={id} ref={focusOnArrival} tabIndex={-1} aria-live="assertive" className="font-semibold text-ink">
          {phase === 'failed' ? text.failed : text.showing}
        </p>
      )}
      {widget}
      {phase && (
        <>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={onRetry}>
              {text.retry}
            </button>
            {skipMeans && (
              <button type="button" className="btn-secondary" onClick={onSkip}>
                {text.skip}
              </button>
            )}
          </div>
          {skipMeans && <p className="text-ink">{skipMeans}</p>}
          {callUs}
        </>
      )}
    </div>
  )
}
