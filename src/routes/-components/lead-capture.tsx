import { useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate, useRouteContext } from '@tanstack/react-router'
import * as v from 'valibot'
import { GENERAL_LOCATIONS, LEAD_ERROR_TEXT, LeadSubmissionSchema, VET_LOCATIONS, type LeadCheck, type LeadReply } from '@/schemas/lead'
import type { LeadValues, SubmitLeadInput } from '@/machines/lead-form.machine'
import { leadFormMachine } from '@/machines/lead-form.machine'
import { readTypedValues, nativeLeadFields } from './native-lead'
import { dialogMachine } from '@/machines/dialog.machine'
import { leadSource } from '@/content/lead-sources'
import { fromService } from '@/lib/from-service'
import { useAppActor } from '@/lib/use-app-actor'
import { leadFailureCopy } from '@/content/lead-failure'
import { NO_TRACKING, sessionStore, visitTracking } from '@/lib/visit-tracking'
import { LeadForm } from '@/ui/lead-form/lead-form'
import { CongratsDialog } from '@/ui/lead-form/congrats-dialog'
import { NoteField } from '@/ui/lead-form/note-field'
import { AddressField } from './address-field'
import { placesSearch } from './places-search'

export type LeadCaptureProps = {
  variant?: 'general' | 'veterinary'
  submitLabel?: string
  busyLabel?: string
  addressListSize?: 'large' | 'compact'
  /** Called once a lead is accepted, e.g. to close the modal that holds the form. */
  onAccepted?: () => void
  /** Whether this form opens its own Congrats dialog; a form inside a modal leaves it to the page. */
  congrats?: boolean
  /** Whether this form holds the page's `#lead-error` alert (one per page; not the modal's). */
  nativeErrorTarget?: boolean
  /** Values the form starts with, e.g. the business address of a review check. */
  initialValues?: Partial<LeadValues>
  /** The review check the lead is booked from; it travels with the lead to the board. */
  check?: LeadCheck
  /** The AI reply draft the lead is booked from (settings and source); it travels with the lead to the board. */
  reply?: LeadReply
}

/** A lead form wired to its machines and services: submit, autocomplete, the Congrats dialog. */
export function LeadCapture({
  variant = 'general',
  submitLabel,
  busyLabel,
  addressListSize,
  onAccepted,
  congrats = true,
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
  const [dialog, dialogRef] = useAppActor(dialogMachine)

  const [form, formRef] = useAppActor(
    leadFormMachine.provide({
      actors: {
        addressAutocomplete: placesSearch(services.places),
        submitLead: fromService((input: SubmitLeadInput, signal) => services.leads.submit(v.parse(LeadSubmissionSchema, input), signal)),
      },
      actions: {
        leadAccepted: () => {
          services.analytics.leadSubmitted()
          onAccepted?.()
          if (congrats) dialogRef.send({ type: 'dialog.open' })
        },
      },
    }),
    { input: { tracking, source: leadSource(pathname), placesEnabled: services.places.enabled, initialValues, check, reply } },
  )
  const formElement = useRef<HTMLFormElement>(null)
  const [hydrated, setHydrated] = useState(false)

  // Once, after hydration: what the visitor typed before the script ran becomes the machines', and
  // a native post that came back invalid (`?lead=error`) shows its error. Search params are read
  // here, never in the first render, so the hydrated markup matches the prerendered one.
  useEffect(() => {
    const { business, ...typed } = formElement.current ? readTypedValues(formElement.current) : {}
    if (business) formRef.getSnapshot().context.address.send({ type: 'query.adopted', value: business })
    formRef.send({ type: 'form.adopted', values: typed })
    if (new URLSearchParams(window.location.search).get('lead') === 'error') formRef.send({ type: 'native.failed' })
    // Deliberate: it renders in the same batch as the adoption, so no render puts empty values back.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true)
  }, [formRef])

  const { values, error, retryAfterSeconds, refusals, address } = form.context
  const addressRequired = error === 'address-required'
  const phoneInvalid = error === 'phone-invalid'
  const fieldError = addressRequired || phoneInvalid
  const submitting = form.matches('submitting')
  const noteId = useId()
  const closeDialog = () => dialogRef.send({ type: 'dialog.close' })

  return (
    <>
      <LeadForm
        values={values}
        formRef={formElement}
        action={services.leads.nativeAction}
        hiddenFields={nativeLeadFields(leadSource(pathname), hydrated ? form.context.tracking : NO_TRACKING)}
        nativeError={nativeErrorTarget && !hydrated ? leadFailureCopy('submit-failed') : undefined}
        locationOptions={variant === 'veterinary' ? VET_LOCATIONS : GENERAL_LOCATIONS}
        submitting={submitting}
        phoneError={phoneInvalid ? LEAD_ERROR_TEXT[error] : null}
        addressError={addressRequired ? LEAD_ERROR_TEXT[error] : null}
        formError={error && !fieldError ? leadFailureCopy(error, retryAfterSeconds) : null}
        refusals={refusals}
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
            invalid={addressRequired}
            describedBy={addressRequired ? errorId : undefined}
            size={addressListSize}
            frozen={submitting}
          />
        )}
      />
      <CongratsDialog
        open={congrats && dialog.matches('open')}
        onClose={closeDialog}
        onSchedule={() => {
          closeDialog()
          void navigate({ to: '/schedule' })
        }}
      />
    </>
  )
}
