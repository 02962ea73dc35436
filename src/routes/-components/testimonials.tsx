import type { LandingSection } from '@/content/landing'
import type { Testimonial } from '@/content/testimonials'
import { carouselMachine } from '@/machines/carousel.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { renderLater } from '@/lib/render-later'
import { SectionIntro } from '@/ui/home/section-intro'
import { TestimonialCarousel } from '@/ui/carousel/testimonial-carousel'

type TestimonialsProps = {
  id: string
  intro: LandingSection
  testimonials: readonly Testimonial[]
  /** Render after the first frame (lib/render-later.ts): only where the section lies far below the first screen. */
  later?: boolean
}

/** A testimonials section: its intro and a carousel driven by the one carousel machine. */
export function Testimonials({ id, intro, testimonials, later = false }: TestimonialsProps) {
  const [carousel, carouselRef] = useAppActor(carouselMachine, { input: { count: testimonials.length } })
  return (
    <section {...(later ? renderLater : {})} aria-labelledby={id} className="bg-surface py-16 sm:py-20">
      <div className="container-page">
        <SectionIntro id={id} {...intro} />
        <div className="mt-10">
          <TestimonialCarousel
            label="Client testimonials"
            testimonials={testimonials}
            index={carousel.context.index}
            onPrevious={() => carouselRef.send({ type: 'carousel.prev' })}
            onNext={() => carouselRef.send({ type: 'carousel.next' })}
            onSelect={(index) => carouselRef.send({ type: 'carousel.goTo', index })}
          />
        </div>
      </div>
    </section>
  )
}
