import { useEffect, useRef } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { enterpriseWizardMachine } from '@/machines/enterprise-wizard.machine'
import { SEATS, type ContactField, type PlanId } from '@/schemas/enterprise'
import { enterpriseErrorMessages, legalDocuments, registrationFailures } from '@/content/enterprise-copy'
import { useAppActor } from '@/lib/use-app-actor'
import { ContactStep } from '@/ui/enterprise/contact-step'
import { WizardProgress } from '@/ui/enterprise/wizard-progress'
import { AddressField } from './address-field'
import { EnterprisePlans } from './enterprise-plans'
import { EnterpriseSuccess } from './enterprise-success'
import { readContactStep } from './enterprise-adoption'
import { placesSearch } from './places-search'

/** The enterprise registration wizard wired to its machine and services. */
export function EnterpriseWizard() {
  const { services } = useRouteContext({ from: '__root__' })
  const [state, wizard] = useAppActor(
    enterpriseWizardMachine.provide({
      actors: {
        addressAutocomplete: placesSearch(services.places),
        saveRegistration: fromPromise(async ({ input, signal }) => {
          try {
            await services.registrations.insert(input, signal)
          } catch (error) {
            console.warn('Enterprise registration failed', error)
            throw error
          }
        }),
      },
    }),
    { input: { placesEnabled: services.places.enabled } },
  )

  // Once, after hydration: step 1 as filled before the script ran becomes the machines' (the address its search's).
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const form = container.current?.querySelector('form')
    if (!form) return
    const { values, agreements } = readContactStep(form)
    const { full_address, ...typed } = values
    if (full_address) wizard.getSnapshot().context.address.send({ type: 'query.adopted', value: full_address })
    if (Object.keys(typed).length + Object.keys(agreements).length > 0) wizard.send({ type: 'form.adopted', values: typed, agreements })
  }, [wizard])

  const step = state.matches('contact') ? 1 : state.matches('done') ? 3 : 2
  const headingRef = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    headingRef.current?.focus()
  }, [step])

  const { values, errors, address } = state.context
  const messages: Partial<Record<ContactField, string>> = {}
  for (const [field, kind] of Object.entries(errors) as [ContactField, keyof typeof enterpriseErrorMessages | undefined][]) {
    if (kind) messages[field] = enterpriseErrorMessages[kind]
  }

  return (
    <div ref={container} className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      {step !== 3 && <WizardProgress step={step === 1 ? 1 : 2} />}
      {step === 1 && (
        <ContactStep
          values={values}
          messages={messages}
          seatOptions={SEATS}
          legalDocuments={legalDocuments}
          headingRef={headingRef}
          refusals={state.context.refusals}
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
          failure={state.context.submitFailure ? registrationFailures[state.context.submitFailure] : null}
          onBillingChange={(cycle) => wizard.send({ type: 'billing.changed', cycle })}
          onSelect={(plan: PlanId) => wizard.send({ type: 'plan.selected', plan })}
          onMore={(plan: PlanId) => wizard.send({ type: 'details.open', plan })}
          onCloseDetails={() => wizard.send({ type: 'details.close' })}
          onBack={() => wizard.send({ type: 'wizard.back' })}
          onConfirm={() => wizard.send({ type: 'wizard.confirm' })}
        />
      )}
      {step === 3 && <EnterpriseSuccess headingRef={headingRef} plan={state.context.plan} />}
    </div>
  )
}
