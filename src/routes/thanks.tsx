import { createFileRoute, Link } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

// Where a lead form's native post (no script, or before it runs) lands: the `leads` function
// answers 303 See Other here. Not indexed, not in the sitemap (src/content/pages.ts).
export const Route = createFileRoute('/thanks')({
  head: () => headFor('/thanks'),
  component: ThanksPage,
})

function ThanksPage() {
  return (
    <>
      <PageIntro eyebrow="Thank you" title="We Have Your Details">
        A specialist will be in touch shortly. Book your free strategy call now to get started sooner.
      </PageIntro>
      <div className="container-page pb-16">
        <Link to="/schedule" className="btn-primary">
          Schedule Your Call
        </Link>
      </div>
    </>
  )
}
