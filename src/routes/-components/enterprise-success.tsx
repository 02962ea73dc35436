import type { Ref } from 'react'
import type { BillingCycle, PlanId } from '@/schemas/enterprise'
import { billedTotal, billingCycles, planById } from '@/content/plans'
import { alreadyReceived, confirmFromInbox, enterpriseBenefits, successNextSteps } from '@/content/enterprise-copy'
import { site } from '@/site'
import { SuccessStep } from '@/ui/enterprise/success-step'

type Props = {
  headingRef: Ref<HTMLHeadingElement>
  plan: PlanId | null
  billingCycle: BillingCycle
  /** The database already held this registration. */
  received?: boolean
}

/** Step 3 fed from content: the package registered for, the next steps, the benefits and the support phone. */
export function EnterpriseSuccess({ headingRef, plan, billingCycle, received = false }: Props) {
  const chosen = plan ? planById(plan) : null
  const cycle = billingCycles[billingCycle]
  return (
    <SuccessStep
      headingRef={headingRef}
      planName={chosen ? chosen.name : 'enterprise package'}
      registered={
        chosen
          ? [
              { term: 'Plan', value: chosen.name },
              { term: 'Billing cycle', value: cycle.clarifier ? `${cycle.label} (${cycle.clarifier})` : cycle.label },
              { term: 'Total', value: billedTotal(chosen, billingCycle) },
            ]
          : []
      }
      nextSteps={successNextSteps}
      benefits={enterpriseBenefits}
      supportPhone={site.phone}
      inboxLine={confirmFromInbox}
      notice={received ? alreadyReceived : null}
    />
  )
}
