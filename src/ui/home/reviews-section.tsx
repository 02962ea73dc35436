import { Link } from '@tanstack/react-router'
import { aiReplyTeaser } from '@/content/ai-reply-teaser'
import { reviewsContent as c } from '@/content/home'
import { FeatureList } from '@/ui/home/feature-list'
import { ReviewMockup } from '@/ui/home/review-mockup'
import { SectionIntro } from '@/ui/home/section-intro'

/** First of the product sections, so it carries the `services` anchor the header links to. */
export function ReviewsSection() {
  return (
    <section id="services" aria-labelledby="reviews-title" className="scroll-mt-24 bg-white py-16 sm:py-24">
      <div className="container-page grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionIntro id="reviews-title" {...c.intro} />
          <FeatureList items={c.features} className="mt-10" />
          <p className="mt-8 text-ink">
            {aiReplyTeaser.text}{' '}
            <Link to="/reply" className="font-semibold text-brand-700 underline">
              {aiReplyTeaser.link}
            </Link>
          </p>
        </div>
        <ReviewMockup />
      </div>
    </section>
  )
}
