import type { FormEvent, ReactNode, Ref } from 'react'
import type { RegistrationFailureCopy } from '@/content/enterprise-copy'
import type { BillingCycle } from '@/schemas/enterprise'
import { CallUs } from '@/ui/lead-form/call-us'
import { BillingToggle, type BillingOption } from './billing-toggle'
import { PlanCard, type PlanCardProps } from './plan-card'
import { StepHeading } from './step-heading'

export type PlanStepProps = {
  headingRef: Ref<HTMLHeadingElement>
  billingOptions: BillingOption[]
  billingCycle: BillingCycle
  cards: Omit<PlanCardProps, 'onSelect' | 'onMore'>[]
  canConfirm: boolean
  sending: boolean
  /** Why Confirm did not save: an alert, then what it means for the values and the sales phone. */
  failure: RegistrationFailureCopy | null
  dialog: ReactNode
  onBillingChange: (cycle: BillingCycle) => void
  onSelect: (planId: string) => void
  onMore: (planId: string) => void
  onBack: () => void
  onConfirm: () => void
}

/** Step 2, Choose Your Plan. Confirm stays focusable while unavailable, so focus is never lost. */
export function PlanStep(props: PlanStepProps) {
  const unavailable = !props.canConfirm || props.sending
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!unavailable) props.onConfirm()
  }
  return (
    <>
      <form
        method="post"
        action="/enterprise"
        onSubmit={submit}
        aria-labelledby="enterprise-plan-title"
        aria-busy={props.sending}
        className="space-y-6"
      >
        <StepHeading id="enterprise-plan-title" headingRef={props.headingRef}>
          Choose Your Plan
        </StepHeading>
        <BillingToggle options={props.billingOptions} value={props.billingCycle} onChange={props.onBillingChange} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">Plan</legend>
          <div className="grid gap-5 md:grid-cols-2">
            {props.cards.map((card) => (
              <PlanCard key={card.id} {...card} onSelect={() => props.onSelect(card.id)} onMore={() => props.onMore(card.id)} />
            ))}
          </div>
        </fieldset>
        {props.failure && (
          <div
            className={`rounded-lg border px-4 py-3 text-sm ${props.failure.tone === 'error' ? 'border-red-200 bg-red-50' : 'border-brand-200 bg-brand-50'}`}
          >
            <p role="alert" className={`font-medium ${props.failure.tone === 'error' ? 'text-danger' : 'text-ink'}`}>
              {props.failure.alert}
              {props.failure.callUsInAlert && (
                <>
                  {' '}
                  <CallUs {...props.failure.callUs} inline />
                </>
              )}
            </p>
            <p className="mt-1 text-ink">{props.failure.detail}</p>
            {!props.failure.callUsInAlert && <CallUs {...props.failure.callUs} />}
          </div>
        )}
        <div className="flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
          <button
            type="button"
            onClick={props.onBack}
            className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            Back
          </button>
          <button
            type="submit"
            aria-disabled={unavailable}
            className="btn-primary py-3.5 text-base aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            {props.sending && (
              <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />
            )}
            {props.sending ? 'Processing...' : 'Confirm Package'}
          </button>
        </div>
      </form>
      {props.dialog}
    </>
  )
}
