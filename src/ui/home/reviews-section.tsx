import { aiReplyTeaser } from '@/content/ai-reply-teaser'
import { reviewsContent as c } from '@/content/home'
import { renderLater } from '@/lib/render-later'
import { FeatureList } from '@/ui/home/feature-list'
import { ReviewMockup } from '@/ui/home/review-mockup'
import { SectionIntro } from '@/ui/home/section-intro'
import { ToolTeaserLine } from '@/ui/tools/tool-teaser'

/** First of the product sections, so it carries the `services` anchor the header links to. */
export function ReviewsSection() {
  return (
    <section {...renderLater} id="services" aria-labelledby="reviews-title" className="scroll-mt-24 bg-white py-16 sm:py-24">
      <div className="container-page grid grid-cols-[minmax(0,1fr)] items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionIntro id="reviews-title" {...c.intro} />
          <FeatureList items={c.features} className="mt-10" />
          <ToolTeaserLine to="/reply" copy={aiReplyTeaser} className="mt-8 text-ink" />
        </div>
        <ReviewMockup />
      </div>
    </section>
  )
}
