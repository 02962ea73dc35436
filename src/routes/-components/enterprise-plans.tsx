import type { Ref } from 'react'
import { BILLING_CYCLES, type BillingCycle, type PlanId } from '@/schemas/enterprise'
import { billedTotal, billingCycles, formatUsd, PLAN_CARD_FEATURES, planById, plans, periodTotal } from '@/content/plans'
import { whatsNext, type RegistrationFailureCopy } from '@/content/enterprise-copy'
import { PlanDialog } from '@/ui/enterprise/plan-dialog'
import { PlanStep } from '@/ui/enterprise/plan-step'

export type EnterprisePlansProps = {
  headingRef: Ref<HTMLHeadingElement>
  plan: PlanId | null
  billingCycle: BillingCycle
  detailsPlan: PlanId | null
  sending: boolean
  failure: RegistrationFailureCopy | null
  onBillingChange: (cycle: BillingCycle) => void
  onSelect: (plan: PlanId) => void
  onMore: (plan: PlanId) => void
  onCloseDetails: () => void
  onBack: () => void
  onConfirm: () => void
}

const isPlanId = (id: string): id is PlanId => plans.some((plan) => plan.id === id)

/** Step 2 fed from the plans content: prices of the chosen cycle, card features, the details modal. */
export function EnterprisePlans({ plan, billingCycle, detailsPlan, ...props }: EnterprisePlansProps) {
  const cycle = billingCycles[billingCycle]
  const details = detailsPlan ? planById(detailsPlan) : null
  return (
    <PlanStep
      headingRef={props.headingRef}
      billingOptions={BILLING_CYCLES.map((value) => ({
        value,
        label: billingCycles[value].label,
        clarifier: billingCycles[value].clarifier,
      }))}
      billingCycle={billingCycle}
      cards={plans.map((p) => ({
        id: p.id,
        name: p.name,
        price: formatUsd(p.monthlyPrice[billingCycle]),
        total: billedTotal(p, billingCycle),
        shownFeatures: p.features.slice(0, PLAN_CARD_FEATURES),
        moreCount: Math.max(0, p.features.length - PLAN_CARD_FEATURES),
        selected: plan === p.id,
      }))}
      canConfirm={plan !== null}
      sending={props.sending}
      failure={props.failure}
      onBillingChange={props.onBillingChange}
      onSelect={(id) => isPlanId(id) && props.onSelect(id)}
      onMore={(id) => isPlanId(id) && props.onMore(id)}
      onBack={props.onBack}
      onConfirm={props.onConfirm}
      dialog={
        <PlanDialog
          plan={
            details && {
              name: details.name,
              monthlyPrice: formatUsd(details.monthlyPrice[billingCycle]),
              total: formatUsd(periodTotal(details, billingCycle)),
              period: cycle.period,
              features: details.features,
            }
          }
          whatsNext={whatsNext}
          onClose={props.onCloseDetails}
        />
      }
    />
  )
}
