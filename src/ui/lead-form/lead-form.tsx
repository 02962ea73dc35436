import { useId, type FormEvent, type ReactNode, type Ref } from 'react'
import type { LeadFailureCopy } from '@/content/lead-failure'
import { PHONE_INPUT_PATTERN, PHONE_MAX_LENGTH } from '@/schemas/lead-phone'
import {
  EMAIL_INPUT_PATTERN,
  EMAIL_MAX_LENGTH,
  LEAD_FIELD_TEXT,
  NON_BLANK_INPUT_PATTERN,
  NAME_MAX_LENGTH,
  type LeadFieldErrors,
} from '@/schemas/lead'
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
  /**
   * Once hydrated the lead schema alone decides (through the machine); before, the browser checks
   * the same rules, written as each input's constraints, so nothing it lets through is refused.
   */
  schemaValidates: boolean
  /** The errors shown under their fields, each described by its message. */
  fieldErrors: LeadFieldErrors
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
  const errorOf = (name: keyof LeadFieldErrors) => {
    const message = props.fieldErrors[name]
    return {
      invalid: message ? { 'aria-invalid': true, 'aria-describedby': field(`${name}-error`) } : {},
      error: <FieldError id={field(`${name}-error`)} message={message} alert />,
    }
  }
  const locations = errorOf('locations')
  const name = errorOf('name')
  const phone = errorOf('phone')
  const email = errorOf('email')
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
      noValidate={props.schemaValidates}
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
            {...locations.invalid}
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
          {locations.error}
        </div>
        <TextField
          id={field('name')}
          label="Full name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          pattern={NON_BLANK_INPUT_PATTERN}
          title={LEAD_FIELD_TEXT.name.required}
          placeholder="Your name"
          {...name.invalid}
          value={values.name}
          onValueChange={(value) => props.onFieldChange('name', value)}
        >
          {name.error}
        </TextField>
        {/* The phone takes the wider column: its placeholder is the longer one, and stays whole in the 28rem dialogs. */}
        <div className="grid gap-4 @md:grid-cols-[minmax(0,6fr)_minmax(0,5fr)]">
          <TextField
            id={field('phone')}
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            pattern={PHONE_INPUT_PATTERN}
            title={LEAD_FIELD_TEXT.phone.invalid}
            required
            maxLength={PHONE_MAX_LENGTH}
            placeholder="Phone ex. 0422470721"
            {...phone.invalid}
            value={values.phone}
            onValueChange={(value) => props.onFieldChange('phone', value)}
          >
            {phone.error}
          </TextField>
          <TextField
            id={field('email')}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            pattern={EMAIL_INPUT_PATTERN}
            title={LEAD_FIELD_TEXT.email.invalid}
            placeholder="you@business.com"
            {...email.invalid}
            value={values.email}
            onValueChange={(value) => props.onFieldChange('email', value)}
          >
            {email.error}
          </TextField>
        </div>
        <div>
          {props.addressField({ inputId: field('business'), errorId: field('business-error') })}
          <FieldError id={field('business-error')} message={props.fieldErrors.business} alert />
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
