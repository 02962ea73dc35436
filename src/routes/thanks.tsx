import { createFileRoute, Link } from '@tanstack/react-router'
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
