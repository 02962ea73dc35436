import type { LegalDocument } from '@/schemas/enterprise'
import { FieldError, errorId } from '@/ui/forms/field-error'

export type LegalConsent = { document: LegalDocument; title: string; href: string; accepted: boolean; error?: string }

export const consentId = (document: LegalDocument) => `enterprise-accept-${document}`

/** Four acceptances; each document opens in a new tab, so nothing typed here is lost. */
export function LegalConsents({
  consents,
  onChange,
}: {
  consents: LegalConsent[]
  onChange: (document: LegalDocument, accepted: boolean) => void
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium text-ink">Legal agreements</legend>
      {consents.map(({ document, title, href, accepted, error }) => {
        const id = consentId(document)
        return (
          <div key={document}>
            <div className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                name={`accept_${document}`}
                checked={accepted}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId(id) : undefined}
                onChange={(event) => onChange(document, event.target.checked)}
                className="mt-0.5 size-5 shrink-0 accent-brand-600"
              />
              <label htmlFor={id} className="text-sm text-ink">
                I accept the{' '}
                <a href={href} target="_blank" rel="noopener" className="font-medium text-brand-700 underline underline-offset-2">
                  {title}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </label>
            </div>
            <FieldError id={errorId(id)} message={error} />
          </div>
        )
      })}
    </fieldset>
  )
}
