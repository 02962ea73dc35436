export type SummaryError = { fieldId: string; message: string }

export type ErrorSummaryProps = { errors: SummaryError[] }

/** The list's id: a refusal while it is shown moves focus to it again (the wizard hears the refusal). */
export const ERROR_SUMMARY_ID = 'enterprise-error-summary'

const focusOnArrival = (element: HTMLDivElement | null) => element?.focus()

/** Every error of the step in a red list; each links to its field, and focus lands on the list when it appears. */
export function ErrorSummary({ errors }: ErrorSummaryProps) {
  if (errors.length === 0) return null
  return (
    <div
      id={ERROR_SUMMARY_ID}
      ref={focusOnArrival}
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
