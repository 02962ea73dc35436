import { GROWTH_TIPS_ID } from '@/content/pages'
import type { ReactNode } from 'react'

/** The growth-tips box under an article; the lead form goes inside. */
export function GrowthTips({ children }: { children: ReactNode }) {
  return (
    <section id={GROWTH_TIPS_ID} aria-labelledby="growth-tips-heading" className="container-page mt-14 max-w-3xl scroll-mt-28">
      <div className="card p-6 sm:p-10">
        <p className="eyebrow">Free growth tips</p>
        <h2 id="growth-tips-heading" className="section-title">
          Get more reviews for your business
        </h2>
        <p className="section-lead">
          Tell us about your business and a reputation specialist will send you growth tips and a free review strategy.
        </p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  )
}
