import { useCallback, useRef } from 'react'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import * as v from 'valibot'
import { AttributionSchema } from '@/schemas/attribution'
import { enterpriseWizardMachine } from '@/machines/enterprise-wizard.machine'
import { LEGAL_DOCUMENTS, SEATS, type ContactField, type ContactTextField, type PlanId } from '@/schemas/enterprise'
import { enterpriseErrorMessages, legalDocuments, registrationFailureCopy } from '@/content/enterprise-copy'
import { useAppActor } from '@/lib/use-app-actor'
import { visitAttribution, withoutClick } from '@/lib/ad-click'
import { sessionStore, visitTracking } from '@/lib/visit-tracking'
import { useFocusOn } from '@/lib/use-focus-on'
import { ContactStep } from '@/ui/enterprise/contact-step'
import { WizardProgress } from '@/ui/enterprise/wizard-progress'
import { AddressField } from './address-field'
import { EnterprisePlans } from './enterprise-plans'
import { EnterpriseSuccess } from './enterprise-success'
import { placesSearch } from './places-search'
import { readFilledForm } from './form-adoption'
import { useTurnstile } from './use-turnstile'
import { ERROR_SUMMARY_ID } from '@/ui/enterprise/error-summary'

// Step 1's field names as the page renders them; the address input is the shared combobox, named like the lead form's.
const TEXT_NAMES = ['name', 'phone', 'email', 'company_name', 'seats', 'business'] as const
const BOXES = LEGAL_DOCUMENTS.map((document) => `accept_${document}` as const)

/** The enterprise registration wizard wired to its machine and services. */
export function EnterpriseWizard() {
  const { services } = useRouteContext({ from: '__root__' })
  const turnstile = useTurnstile('registration')
  const router = useRouter()
  const [state, wizard] = useAppActor(
    enterpriseWizardMachine.provide({
      actors: {
        addressAutocomplete: placesSearch(services.places),
        botCheck: turnstile.botCheck,
        saveRegistration: fromPromise(async ({ input, signal }) => {
          try {
            const here = new URL(router.state.location.href, window.location.origin)
            const page = { href: here.href, clickAt: performance.timeOrigin }
            const tracking = visitTracking(here.search, sessionStore())
            const visit = visitAttribution(tracking, services.consent.state(), page, sessionStore())
            const attribution = v.parse(AttributionSchema, v.is(AttributionSchema, visit) ? visit : withoutClick(visit))
            return await services.registrations.insert({ ...input, attribution }, signal)
          } catch (error) {
            console.warn('Enterprise registration failed', error)
            throw error
          }
        }),
      },
    }),
  )

  const watchTouch = turnstile.watch
  // When the wizard's markup arrives (hydration): step 1 as filled before the script ran becomes the machine's.
  const adoptPage = useCallback(
    (container: HTMLDivElement | null) => {
      watchTouch(container)
      const form = container?.querySelector('form')
      if (!form) return
      const { values, ticked } = readFilledForm(form, { text: TEXT_NAMES, boxes: BOXES })
      const { business, ...typed } = values
      const agreements = Object.fromEntries(ticked.map((box) => [box.replace('accept_', ''), true]))
      const adopted: Partial<Record<ContactTextField, string>> = { ...typed, ...(business ? { full_address: business } : {}) }
      if (Object.keys(adopted).length + ticked.length > 0) wizard.send({ type: 'form.adopted', values: adopted, agreements })
    },
    [wizard, watchTouch],
  )
  useFocusOn(wizard, 'contact.refused', () => document.getElementById(ERROR_SUMMARY_ID))

  const step = state.matches('contact') ? 1 : state.matches('done') ? 3 : 2
  // Each step's heading arrives with its step; focus moves to it on every step after the first.
  const shownStep = useRef(step)
  const headingRef = useCallback(
    (heading: HTMLHeadingElement | null) => {
      if (!heading || shownStep.current === step) return
      shownStep.current = step
      heading.focus()
    },
    [step],
  )

  const { values, errors, address } = state.context
  const messages: Partial<Record<ContactField, string>> = {}
  for (const [field, kind] of Object.entries(errors) as [ContactField, keyof typeof enterpriseErrorMessages | undefined][]) {
    if (kind) messages[field] = enterpriseErrorMessages[kind]
  }

  return (
    <div ref={adoptPage} className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      {step !== 3 && <WizardProgress step={step === 1 ? 1 : 2} />}
      {step === 1 && (
        <ContactStep
          values={values}
          messages={messages}
          seatOptions={SEATS}
          legalDocuments={legalDocuments}
          headingRef={headingRef}
          onFieldChange={(field, value) => wizard.send({ type: 'field.changed', field, value })}
          onAgreementChange={(document, accepted) => wizard.send({ type: 'agreement.changed', document, accepted })}
          onNext={() => wizard.send({ type: 'wizard.next' })}
          addressField={(field) => <AddressField {...field} label="Full business address" search={address} />}
        />
      )}
      {step === 2 && (
        <EnterprisePlans
          headingRef={headingRef}
          plan={state.context.plan}
          billingCycle={state.context.billingCycle}
          detailsPlan={state.context.detailsPlan}
          sending={state.matches('submitting')}
          failure={state.context.failure ? registrationFailureCopy(state.context.failure.kind) : null}
          onBillingChange={(cycle) => wizard.send({ type: 'billing.changed', cycle })}
          onSelect={(plan: PlanId) => wizard.send({ type: 'plan.selected', plan })}
          onMore={(plan: PlanId) => wizard.send({ type: 'details.open', plan })}
          onCloseDetails={() => wizard.send({ type: 'details.close' })}
          onBack={() => wizard.send({ type: 'wizard.back' })}
          onConfirm={() => wizard.send({ type: 'wizard.confirm' })}
        />
      )}
      {step === 3 && (
        <EnterpriseSuccess
          headingRef={headingRef}
          plan={state.context.plan}
          billingCycle={state.context.billingCycle}
          received={state.context.failure?.kind === 'conflict'}
          verified={state.context.verified === true}
        />
      )}
      {turnstile.slot(wizard)}
    </div>
  )
}
