import { createFileRoute } from '@tanstack/react-router'
import { bookCallCopy } from '@/content/book-call'
import { headFor } from '@/lib/page-meta'
import { generalTestimonialsSection, x18Content as c } from '@/content/landing'
import { generalTestimonials } from '@/content/testimonials'
import { DesignHero, DesignServices } from '@/ui/x18/design-sections'
import { BOOK_SECTION_ID } from '@/content/pages'
import { DeferredBookCall, DeferredLeadCapture, DeferredTestimonials } from './-components/deferred-parts'

export const Route = createFileRoute('/x18')({
  head: () => headFor('/x18'),
  component: DesignPage,
})

function DesignPage() {
  return (
    <>
      <DesignHero hero={c.hero} stats={c.stats} cta={<DeferredBookCall label={c.hero.cta} copy={bookCallCopy.design} />} />
      <DesignServices services={c.services} />
      <DeferredTestimonials id="design-testimonials-title" intro={generalTestimonialsSection} testimonials={generalTestimonials} />
      <section id={BOOK_SECTION_ID} aria-labelledby="book-title" className="scroll-mt-20 py-16 sm:py-20">
        <div className="container-page grid gap-10 lg:grid-cols-2">
          <div>
            <p className="eyebrow">Book a call</p>
            <h2 id="book-title" className="section-title">
              {c.book.title}
            </h2>
            <p className="section-lead">{c.book.lead}</p>
          </div>
          <div className="card @container p-4 xs:p-5 sm:p-7">
            <DeferredLeadCapture submitLabel={c.book.submit} busyLabel="Processing..." />
          </div>
        </div>
      </section>
    </>
  )
}
