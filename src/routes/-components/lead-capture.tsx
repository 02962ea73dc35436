import { useCallback, useId, useRef, useState, type ReactNode } from 'react'
import { useHydrated, useLocation, useNavigate, useRouteContext, useRouter } from '@tanstack/react-router'
import * as v from 'valibot'
import {
  NON_BLANK_INPUT_PATTERN,
  BUSINESS_MAX_LENGTH,
  GENERAL_LOCATIONS,
  LEAD_FIELD_TEXT,
  LeadSubmissionSchema,
  VET_LOCATIONS,
  type LeadCheck,
  type LeadReply,
} from '@/schemas/lead'
import { encodeHiddenFields, isErrorReturn, LEAD_FIELDS, refusedFields } from '@/schemas/lead-form-post'
import type { LeadValues, SubmitLeadInput } from '@/machines/lead-form.machine'
import { leadFormMachine } from '@/machines/lead-form.machine'
import { leadSource } from '@/content/lead-sources'
import { fromService } from '@/lib/from-service'
import { useAppActor } from '@/lib/use-app-actor'
import { useFocusOn } from '@/lib/use-focus-on'
import { leadFailureCopy } from '@/content/lead-failure'
import { NO_TRACKING, sessionStore, visitTracking } from '@/lib/visit-tracking'
import { rememberSchedulePrefill } from '@/lib/schedule-prefill'
import { visitAttribution, withoutClick } from '@/lib/ad-click'
import { AttributionSchema } from '@/schemas/attribution'
import { LeadForm } from '@/ui/lead-form/lead-form'
import { CongratsDialog } from '@/ui/lead-form/congrats-dialog'
import { NoteField } from '@/ui/lead-form/note-field'
import { AddressField } from './address-field'
import { placesSearch } from './places-search'
import { readFilledForm } from './form-adoption'
import { useTurnstile } from './use-turnstile'

export type LeadCaptureProps = {
  variant?: 'general' | 'veterinary'
  submitLabel?: string
  busyLabel?: string
  addressListSize?: 'large' | 'compact'
  /** Called once a lead is accepted, e.g. to close the modal that holds the form. */
  onAccepted?: () => void
  /** Where the form and its Congrats dialog go (a modal holds the form, its Congrats follows it); by default one after the other. */
  layout?: (parts: { form: ReactNode; congrats: ReactNode }) => ReactNode
  /** Whether this form holds the page's `#lead-error` alert (one per page; not the modal's). */
  nativeErrorTarget?: boolean
  /** Values the form starts with, e.g. the business address of a review check. */
  initialValues?: Partial<LeadValues>
  /** The review check the lead is booked from; it travels with the lead to the board. */
  check?: LeadCheck
  /** The AI reply draft the lead is booked from (settings and source); it travels with the lead to the board. */
  reply?: LeadReply
}

const oneAfterTheOther: NonNullable<LeadCaptureProps['layout']> = ({ form, congrats }) => (
  <>
    {form}
    {congrats}
  </>
)

/** A lead form wired to its machines and services: submit, autocomplete, and the Congrats dialog of an accepted lead. */
export function LeadCapture({
  variant = 'general',
  submitLabel,
  busyLabel,
  addressListSize,
  onAccepted,
  layout = oneAfterTheOther,
  nativeErrorTarget = true,
  initialValues,
  check,
  reply,
}: LeadCaptureProps) {
  const { services } = useRouteContext({ from: '__root__' })
  const { pathname, searchStr } = useLocation()
  // Once per form: the ad click's values this visit landed with (or this page's own query carries).
  // The server has no storage; the form's context is not rendered, so this never changes the markup.
  const [tracking] = useState(() => visitTracking(searchStr, sessionStore()))
  const navigate = useNavigate()
  const router = useRouter()
  const turnstile = useTurnstile('lead')

  const [form, formRef] = useAppActor(
    leadFormMachine.provide({
      actors: {
        addressAutocomplete: placesSearch(services.places),
        botCheck: turnstile.botCheck,
        submitLead: fromService(async (input: SubmitLeadInput, signal) => {
          // The click and consent of this moment (docs/attribution.md), never kept in the machine.
          const page = { href: new URL(router.state.location.href, window.location.origin).href, clickAt: performance.timeOrigin }
          const attribution = visitAttribution(input.tracking, services.consent.state(), page, sessionStore())
          const submission = v.parse(LeadSubmissionSchema, {
            ...input,
            attribution: v.is(AttributionSchema, attribution) ? attribution : withoutClick(attribution),
          })
          const accepted = await services.leads.submit(submission, signal)
          rememberSchedulePrefill(submission, sessionStore(), accepted.booking)
          return accepted
        }),
      },
      actions: {
        leadAccepted: () => {
          services.analytics.leadSubmitted()
          onAccepted?.()
        },
        openSchedule: () => void navigate({ to: '/schedule' }),
      },
    }),
    { input: { tracking, source: leadSource(pathname), initialValues, check, reply } },
  )
  // After the actor, so the first render after hydration already holds what was adopted.
  const hydrated = useHydrated()
  // Whether this form came with the prerendered page (its first render is the hydration's).
  const prerendered = useRef(!hydrated)

  // When the form element arrives (hydration): what the visitor typed before the script ran becomes
  // the machine's, and a native post that came back invalid (`?lead=error`) shows its error. The URL
  // is read here, never in a render, so the hydrated markup matches the prerendered one.
  const formElement = useRef<HTMLFormElement | null>(null)
  const watchTouch = turnstile.watch
  const adoptPage = useCallback(
    (element: HTMLFormElement | null) => {
      formElement.current = element
      watchTouch(element)
      if (!element) return
      formRef.send({
        type: 'form.adopted',
        values: readFilledForm(element, { text: LEAD_FIELDS }).values,
        prerendered: prerendered.current,
      })
      const { search } = window.location
      if (isErrorReturn(search)) formRef.send({ type: 'native.failed', fields: refusedFields(search) })
    },
    [formRef, watchTouch],
  )
  useFocusOn(formRef, 'field.refused', ({ field }) => formElement.current?.querySelector(`[name="${field}"]`))

  const { values, error, retryAfterSeconds, address, fieldErrors } = form.context
  const submitting = form.matches('submitting')
  const noteId = useId()

  return layout({
    form: (
      <>
        <LeadForm
          values={values}
          formRef={adoptPage}
          action={services.leads.nativeAction}
          hiddenFields={encodeHiddenFields(leadSource(pathname), hydrated ? form.context.tracking : NO_TRACKING)}
          nativeError={nativeErrorTarget && !hydrated ? leadFailureCopy('submit-failed') : undefined}
          locationOptions={variant === 'veterinary' ? VET_LOCATIONS : GENERAL_LOCATIONS}
          submitting={submitting}
          schemaValidates={hydrated}
          fieldErrors={fieldErrors}
          formError={error ? leadFailureCopy(error, retryAfterSeconds) : null}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
          onFieldChange={(field, value) => formRef.send({ type: 'field.changed', field, value })}
          onSubmit={({ honeypot }) => formRef.send({ type: 'lead.submit', honeypot })}
          extraFields={
            variant === 'veterinary' && (
              <NoteField
                id={`${noteId}-note`}
                shown={form.context.noteShown}
                value={values.note}
                onAdd={() => formRef.send({ type: 'note.add' })}
                onRemove={() => formRef.send({ type: 'note.remove' })}
                onValueChange={(value) => formRef.send({ type: 'field.changed', field: 'note', value })}
              />
            )
          }
          addressField={({ inputId, errorId }) => (
            <AddressField
              search={address}
              id={inputId}
              invalid={fieldErrors.business !== undefined}
              describedBy={fieldErrors.business ? errorId : undefined}
              constraints={{ pattern: NON_BLANK_INPUT_PATTERN, title: LEAD_FIELD_TEXT.business.required, maxLength: BUSINESS_MAX_LENGTH }}
              size={addressListSize}
              frozen={submitting}
            />
          )}
        />
        {turnstile.slot(formRef)}
      </>
    ),
    congrats: (
      <CongratsDialog
        open={form.matches('accepted')}
        verified={form.context.verified}
        onClose={() => formRef.send({ type: 'congrats.close' })}
        onSchedule={() => formRef.send({ type: 'congrats.schedule' })}
      />
    ),
  })
}
