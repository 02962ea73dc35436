import type { FormEvent, ReactNode, Ref } from 'react'
import {
  CONTACT_FIELDS,
  LEGAL_DOCUMENTS,
  type ContactField,
  type ContactTextField,
  type ContactValues,
  type LegalDocument,
} from '@/schemas/enterprise'
import { inputClass, labelClass } from '@/ui/lead-form/field-styles'
import { TextField } from '@/ui/lead-form/text-field'
import { ErrorSummary, type SummaryError } from './error-summary'
import { FieldError, errorId } from '@/ui/forms/field-error'
import { LegalConsents, consentId, type LegalConsent } from './legal-consents'
import { StepHeading } from './step-heading'

export const contactFieldId = (field: ContactField): string =>
  field === 'terms' || field === 'privacy' || field === 'cookies' || field === 'dpa'
    ? consentId(field)
    : `enterprise-${field.replace('_', '-')}`

/** Step 1 without the address, which the address field holds. */
type StepField = Exclude<ContactTextField, 'full_address'>

export type ContactStepProps = {
  values: Omit<ContactValues, 'full_address'>
  /** Display text per field with an error, in form order. */
  messages: Partial<Record<ContactField, string>>
  seatOptions: readonly string[]
  legalDocuments: Record<LegalDocument, { title: string; href: string }>
  headingRef: Ref<HTMLHeadingElement>
  /** The address combobox, rendered by the page that owns the address search. */
  addressField: (props: { id: string; invalid: boolean; describedBy?: string }) => ReactNode
  onFieldChange: (field: StepField, value: string) => void
  onAgreementChange: (document: LegalDocument, accepted: boolean) => void
  onNext: () => void
}

/** Step 1, Contact Information. The form posts to the page itself: values never go into a URL. */
export function ContactStep(props: ContactStepProps) {
  const { values, messages } = props
  const errorProps = (field: ContactField) => {
    const id = contactFieldId(field)
    return messages[field] ? { 'aria-invalid': true, 'aria-describedby': errorId(id) } : {}
  }
  const text = (field: StepField, label: string, extra: Partial<Parameters<typeof TextField>[0]>) => (
    <div>
      <TextField
        id={contactFieldId(field)}
        name={field}
        label={label}
        value={values[field]}
        onValueChange={(value) => props.onFieldChange(field, value)}
        {...extra}
        {...errorProps(field)}
      />
      <FieldError id={errorId(contactFieldId(field))} message={messages[field]} />
    </div>
  )
  const summary: SummaryError[] = CONTACT_FIELDS.flatMap((field) => {
    const message = messages[field]
    return message ? [{ fieldId: contactFieldId(field), message }] : []
  })
  const consents: LegalConsent[] = LEGAL_DOCUMENTS.map((document) => ({
    document,
    ...props.legalDocuments[document],
    accepted: values.legal_agreements[document],
    error: messages[document],
  }))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    props.onNext()
  }

  const addressId = contactFieldId('full_address')
  return (
    <form method="post" action="/enterprise" noValidate onSubmit={submit} className="space-y-5" aria-labelledby="enterprise-contact-title">
      <StepHeading id="enterprise-contact-title" headingRef={props.headingRef}>
        Contact Information
      </StepHeading>
      <ErrorSummary errors={summary} />
      {text('name', 'Full name', { type: 'text', autoComplete: 'name', maxLength: 50 })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('phone', 'Phone number', {
          type: 'tel',
          autoComplete: 'tel',
          inputMode: 'tel',
          maxLength: 24,
          placeholder: 'e.g. +61422470721',
        })}
        {text('email', 'Business email', { type: 'email', autoComplete: 'email', maxLength: 254, placeholder: 'you@company.com' })}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('company_name', 'Company name', { type: 'text', autoComplete: 'organization', maxLength: 100 })}
        <div>
          <label htmlFor={contactFieldId('seats')} className={labelClass}>
            Number of seats
          </label>
          <select
            id={contactFieldId('seats')}
            name="seats"
            value={values.seats}
            onChange={(event) => props.onFieldChange('seats', event.target.value)}
            className={inputClass}
            {...errorProps('seats')}
          >
            <option value="">Select number of seats</option>
            {props.seatOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <FieldError id={errorId(contactFieldId('seats'))} message={messages.seats} />
        </div>
      </div>
      <div>
        {props.addressField({
          id: addressId,
          invalid: Boolean(messages.full_address),
          describedBy: messages.full_address ? errorId(addressId) : undefined,
        })}
        <FieldError id={errorId(addressId)} message={messages.full_address} />
      </div>
      <LegalConsents consents={consents} onChange={props.onAgreementChange} />
      <button type="submit" className="btn-primary w-full py-3.5 text-base sm:w-auto">
        Next Step
      </button>
    </form>
  )
}
