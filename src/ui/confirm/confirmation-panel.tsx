import { useEffect, useRef } from 'react'
import { emailConfirmationCopy as c } from '@/content/email-confirmation'

type Phone = { display: string; href: string }

export type ConfirmationPanelProps = {
  /** Before hydration (and without JavaScript) the page says how to confirm instead of offering a dead button. */
  hydrated: boolean
  /** The confirmation machine's state. */
  state: string
  /** The post under way (or last made) asks for a new link rather than confirming. */
  resend: boolean
  phone: Phone
  onConfirm: () => void
  onNewLink: () => void
  onRetry: () => void
}

const RESULTS = {
  confirmed: c.results.confirmed,
  alreadyConfirmed: c.results.alreadyConfirmed,
  expired: c.results.expired,
  linkSent: c.results.linkSent,
  linkLimited: c.results.linkLimited,
  invalid: c.results.invalid,
  failed: c.results.failed,
} as const
type ResultState = keyof typeof RESULTS

/** The states that end with the phone offered as the way forward. */
const WITH_PHONE = new Set<string>(['expired', 'linkLimited', 'invalid', 'failed'])

const PhoneLink = ({ phone }: { phone: Phone }) => (
  <a href={phone.href} className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2">
    {phone.display}
  </a>
)

export function ConfirmationPanel({ hydrated, state, resend, phone, onConfirm, onNewLink, onRetry }: ConfirmationPanelProps) {
  const resultRef = useRef<HTMLHeadingElement>(null)
  const result = state in RESULTS ? RESULTS[state as ResultState] : null
  // Focus moves to the result, so a screen reader reads it and the keyboard goes on from there.
  useEffect(() => {
    if (result) resultRef.current?.focus()
  }, [result])

  if (!hydrated) {
    return (
      <p className="max-w-prose text-ink">
        {c.needsScript} <PhoneLink phone={phone} />.
      </p>
    )
  }
  const posting = state === 'posting'
  return (
    <div className="max-w-prose space-y-4">
      {result && (
        <div>
          <h2 ref={resultRef} tabIndex={-1} className="text-xl font-semibold text-ink outline-none">
            {result.title}
          </h2>
          <p className="mt-2 text-muted">
            {result.text}
            {WITH_PHONE.has(state) && (
              <>
                {' '}
                <PhoneLink phone={phone} />.
              </>
            )}
          </p>
        </div>
      )}
      {(state === 'ready' || (posting && !resend)) && (
        <button type="button" className="btn-primary" onClick={onConfirm} aria-disabled={posting || undefined}>
          {c.confirm}
        </button>
      )}
      {(state === 'expired' || (posting && resend)) && (
        <button type="button" className="btn-primary" onClick={onNewLink} aria-disabled={posting || undefined}>
          {c.newLink}
        </button>
      )}
      {state === 'failed' && (
        <button type="button" className="btn-primary" onClick={onRetry}>
          {c.tryAgain}
        </button>
      )}
      <p role="status" className="text-muted">
        {posting ? (resend ? c.sendingLink : c.confirming) : ''}
      </p>
    </div>
  )
}
