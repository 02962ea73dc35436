import { useId, type FormEvent, type ReactNode, type Ref } from 'react'
import type { LeadFailureCopy } from '@/content/lead-failure'
import { PHONE_INPUT_PATTERN, PHONE_MAX_LENGTH } from '@/schemas/lead-phone'
import { FORM_ERROR_ID, HONEYPOT_NAME } from '@/schemas/lead-form-post'
import { FieldError } from '@/ui/forms/field-error'
import { CallUs } from './call-us'
import { inputClass, labelClass } from './field-styles'
import { HoneypotField } from './honeypot-field'
import { TextField } from './text-field'

export type LeadFormField = 'locations' | 'name' | 'phone' | 'email' | 'note'
export type LeadFormValues = Record<LeadFormField, string>

export type LeadFormProps = {
  values: LeadFormValues
  /** Where the form posts natively, before the script runs or without it. */
  action: string
  /** Hidden fields the native post carries (source, tracking). */
  hiddenFields: Record<string, string>
  formRef?: Ref<HTMLFormElement>
  /** Shown above the button only when the page is the target of `#lead-error` (no script). */
  nativeError?: LeadFailureCopy
  locationOptions: readonly string[]
  submitting: boolean
  /** The error shown under the phone field (fewer than 6 or more than 15 digits). */
  phoneError?: string | null
  /** The error shown under the address field ('Please enter your business address'). */
  addressError: string | null
  /** The error shown above the button (a failed submission), with the phone as a way forward. */
  formError: LeadFailureCopy | null
  submitLabel?: string
  busyLabel?: string
  /** The address field: an autocomplete combobox, rendered by the page that owns its machine. */
  addressField: (ids: { inputId: string; errorId: string }) => ReactNode
  /** Extra fields after the address, e.g. the optional note. */
  extraFields?: ReactNode
  onFieldChange: (field: LeadFormField, value: string) => void
  /** `honeypot`: what the hidden spam-trap field holds (empty for people). */
  onSubmit: (spamSignals: { honeypot: string }) => void
}

export function LeadForm({ formRef, ...props }: LeadFormProps) {
  const { values, submitting, submitLabel = 'Get My Free Consultation', busyLabel = 'Submitting...' } = props
  const id = useId()
  const field = (name: string) => `${id}-${name}`
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_NAME)
    if (!submitting) props.onSubmit({ honeypot: typeof honeypot === 'string' ? honeypot : '' })
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={props.action}
      onSubmit={submit}
      aria-busy={submitting}
      className="space-y-4"
      noValidate={false}
    >
      <fieldset className="space-y-4">
        <legend className="sr-only">Your details</legend>
        <div>
          <label htmlFor={field('locations')} className={labelClass}>
            Number of locations
          </label>
          <select
            id={field('locations')}
            name="locations"
            required
            value={values.locations}
            onChange={(event) => props.onFieldChange('locations', event.target.value)}
            className={inputClass}
          >
            <option value="" disabled>
              Select how many
            </option>
            {props.locationOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id={field('name')}
          label="Full name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={100}
          placeholder="Your name"
          value={values.name}
          onValueChange={(value) => props.onFieldChange('name', value)}
        />
        {/* The phone takes the wider column: its placeholder is the longer one, and stays whole in the 28rem dialogs. */}
        <div className="grid gap-4 @md:grid-cols-[minmax(0,6fr)_minmax(0,5fr)]">
          <TextField
            id={field('phone')}
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            pattern={PHONE_INPUT_PATTERN}
            title="Digits, with spaces, dashes, dots, brackets or a leading + if you like, for example 0422 470 721"
            required
            maxLength={PHONE_MAX_LENGTH}
            placeholder="Phone ex. 0422470721"
            aria-invalid={props.phoneError ? true : undefined}
            aria-describedby={props.phoneError ? field('phone-error') : undefined}
            value={values.phone}
            onValueChange={(value) => props.onFieldChange('phone', value)}
          >
            <FieldError id={field('phone-error')} message={props.phoneError} alert />
          </TextField>
          <TextField
            id={field('email')}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            placeholder="you@business.com"
            value={values.email}
            onValueChange={(value) => props.onFieldChange('email', value)}
          />
        </div>
        <div>
          {props.addressField({ inputId: field('business'), errorId: field('business-error') })}
          <FieldError id={field('business-error')} message={props.addressError} alert />
        </div>
        {props.extraFields}
        <HoneypotField id={field(HONEYPOT_NAME)} />
        {Object.entries(props.hiddenFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </fieldset>
      {props.nativeError && (
        <div
          id={FORM_ERROR_ID}
          className="lead-native-error rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-danger"
        >
          <p>{props.nativeError.message}</p>
          <CallUs {...props.nativeError.callUs} />
        </div>
      )}
      {props.formError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-danger">
          <p>{props.formError.message}</p>
          <CallUs {...props.formError.callUs} />
        </div>
      )}
      {/* aria-disabled, not disabled: a disabled button would drop keyboard focus to the page while
          the request runs, and the machine ignores repeat submissions anyway. */}
      <button
        type="submit"
        aria-disabled={submitting}
        className="btn-primary w-full py-3.5 text-base aria-disabled:cursor-progress aria-disabled:opacity-70"
      >
        {submitting && <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
        {submitting ? busyLabel : submitLabel}
      </button>
    </form>
  )
}
