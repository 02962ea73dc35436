import { useEffect } from 'react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { adoptBookingFragment } from '@/lib/schedule-prefill'
import { sessionStore } from '@/lib/visit-tracking'
import { headFor } from '@/lib/page-meta'
import { pageIntros } from '@/content/page-intros'
import { PageIntro } from '@/ui/layout/page-intro'

// Where a lead form's native post (no script, or before it runs) lands: the `leads` function
// answers 303 See Other here. Not indexed, not in the sitemap (src/content/pages.ts).
export const Route = createFileRoute('/thanks')({
  head: () => headFor('/thanks'),
  component: ThanksPage,
})

function ThanksPage() {
  // The lead's signed booking reference (in the fragment, never sent anywhere) goes to /schedule's calendar; the address bar drops it.
  useEffect(() => {
    if (adoptBookingFragment(window.location.hash, sessionStore())) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
    }
  }, [])
  return (
    <>
      <PageIntro eyebrow={pageIntros.thanks.eyebrow} title={pageIntros.thanks.title}>
        {pageIntros.thanks.text}
      </PageIntro>
      <div className="container-page pb-16">
        <Link to="/schedule" className="btn-primary">
          {pageIntros.thanks.button}
        </Link>
      </div>
    </>
  )
}
