import type { Ref } from 'react'
import type { BillingCycle, PlanId } from '@/schemas/enterprise'
import { billedTotal, billingCycles, planById } from '@/content/plans'
import { alreadyReceived, enterpriseBenefits, successNextSteps, successPromise } from '@/content/enterprise-copy'
import { site } from '@/site'
import { SuccessStep } from '@/ui/enterprise/success-step'
import { CallUs } from '@/ui/lead-form/call-us'

type Props = {
  headingRef: Ref<HTMLHeadingElement>
  plan: PlanId | null
  billingCycle: BillingCycle
  /** The database already held this registration. */
  received?: boolean
  /** The function took it as from a person: only then is an e-mail promised. */
  verified: boolean
}

/** Step 3 fed from content: the package registered for, the next steps, the benefits and the support phone. */
export function EnterpriseSuccess({ headingRef, plan, billingCycle, received = false, verified }: Props) {
  const chosen = plan ? planById(plan) : null
  const planName = chosen ? chosen.name : 'enterprise package'
  const promise = verified ? successPromise.verified : successPromise.unverified
  const cycle = billingCycles[billingCycle]
  return (
    <SuccessStep
      headingRef={headingRef}
      intro={promise.intro(planName)}
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
      nextLine={promise.next}
      reachUs={verified ? null : <CallUs {...successPromise.unverified.callUs} />}
      notice={received ? alreadyReceived : null}
    />
  )
}
