import { socialContent as c } from '@/content/home'
import { FeatureList } from '@/ui/home/feature-list'
import { SectionIntro } from '@/ui/home/section-intro'
import { SocialComposerMockup } from '@/ui/home/social-composer-mockup'
import { renderLater } from '@/lib/render-later'

export function SocialManagementSection() {
  return (
    <section {...renderLater} aria-labelledby="social-title" className="bg-surface py-16 sm:py-24">
      <div className="container-page grid grid-cols-[minmax(0,1fr)] items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div className="lg:order-2">
          <SectionIntro id="social-title" {...c.intro} />
          <FeatureList items={c.features} columns={1} className="mt-10" />
        </div>
        <SocialComposerMockup />
      </div>
    </section>
  )
}
