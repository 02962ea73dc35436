import type { Ref } from 'react'
import type { PlanId } from '@/schemas/enterprise'
import { planById } from '@/content/plans'
import { enterpriseBenefits, successNextSteps } from '@/content/enterprise-copy'
import { site } from '@/site'
import { SuccessStep } from '@/ui/enterprise/success-step'

/** Step 3 fed from content: the chosen plan, the next steps, the benefits and the support phone. */
export function EnterpriseSuccess({ headingRef, plan }: { headingRef: Ref<HTMLHeadingElement>; plan: PlanId | null }) {
  return (
    <SuccessStep
      headingRef={headingRef}
      planName={plan ? planById(plan).name : 'enterprise package'}
      nextSteps={successNextSteps}
      benefits={enterpriseBenefits}
      supportPhone={site.phone}
    />
  )
}
