import type { ReactNode, Ref } from 'react'
import { StepHeading } from './step-heading'

export type SuccessStepProps = {
  headingRef: Ref<HTMLHeadingElement>
  /** Thanks, and what the registration sets going (an invoice only when it was verified). */
  intro: string
  /** What the visitor registered for, repeated so they can check it: plan, billing cycle, total. */
  registered: readonly { term: string; value: string }[]
  nextSteps: readonly { title: string; text: string }[]
  benefits: readonly { title: string; text: string }[]
  supportPhone: { display: string; href: string }
  /** What the registrant must do or expect next: confirm their address from our e-mail, or our call when we e-mail nothing. */
  nextLine: string
  /** The phone and e-mail, when they wait for our call. */
  reachUs?: ReactNode
  /** Said first when the database already held this registration (a second send, or a lost answer). */
  notice?: { title: string; text: string } | null
}

/** Step 3: the registration is saved; what happens next and how to reach support. */
export function SuccessStep({
  headingRef,
  intro,
  registered,
  nextSteps,
  benefits,
  supportPhone,
  nextLine,
  reachUs,
  notice,
}: SuccessStepProps) {
  return (
    <section aria-labelledby="enterprise-success-title" className="space-y-8">
      <div className="flex items-start gap-4 max-xs:flex-col">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-green-100 text-success" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="m5 12 5 5 9-10" />
          </svg>
        </span>
        <div className="min-w-0">
          <StepHeading id="enterprise-success-title" headingRef={headingRef}>
            Your Registration Is Confirmed
          </StepHeading>
          {notice && (
            <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-ink">
              <strong>{notice.title}</strong> {notice.text}
            </p>
          )}
          <p className="mt-2 text-muted">{intro}</p>
          <p className="mt-2 font-semibold text-ink">{nextLine}</p>
          {reachUs}
          <p className="mt-2 text-muted">
            A dedicated account manager will be assigned to you within 24 hours and will book your onboarding session.
          </p>
        </div>
      </div>
      {registered.length > 0 && (
        <div>
          <h3 className="text-lg font-semibold text-ink">Your package</h3>
          <dl className="mt-3 grid gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
            {registered.map(({ term, value }) => (
              <div key={term} className="contents">
                <dt className="text-sm font-medium text-muted">{term}</dt>
                <dd className="font-semibold text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <div>
        <h3 className="text-lg font-semibold text-ink">Next steps</h3>
        <ol className="mt-3 grid gap-3 sm:grid-cols-2">
          {nextSteps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-semibold text-ink">
                <span className="mr-2 text-brand-700">{index + 1}.</span>
                <span>{step.title}</span>
              </p>
              <p className="mt-1 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <p className="rounded-xl bg-brand-50 px-4 py-3 text-ink">
        Questions? Call our support team on{' '}
        <a href={supportPhone.href} className="font-semibold text-brand-700 underline underline-offset-2">
          {supportPhone.display}
        </a>
        .
      </p>
      <BenefitsList benefits={benefits} />
    </section>
  )
}

export function BenefitsList({ benefits }: { benefits: SuccessStepProps['benefits'] }) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-ink">Enterprise benefits</h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="font-semibold text-ink">{benefit.title}</p>
            <p className="mt-1 text-sm text-muted">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
