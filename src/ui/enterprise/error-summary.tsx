import { useEffect, useRef } from 'react'

export type SummaryError = { fieldId: string; message: string }

export type ErrorSummaryProps = {
  errors: SummaryError[]
  /** Changes each time the visitor is refused, so focus moves to the list again. */
  focusKey: number
}

/** Every error of the step in a red list; each links to its field, and focus lands on the list. */
export function ErrorSummary({ errors, focusKey }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = errors.length > 0
  useEffect(() => {
    if (focusKey > 0 && shown) ref.current?.focus()
  }, [focusKey, shown])

  if (!shown) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby="enterprise-error-summary-title"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-danger outline-none focus-visible:ring-2 focus-visible:ring-danger"
    >
      <h3 id="enterprise-error-summary-title" className="font-semibold">
        Please correct the following:
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              className="font-medium underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault()
                document.getElementById(error.fieldId)?.focus()
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
