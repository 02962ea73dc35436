import { Link } from '@tanstack/react-router'
import { site } from '@/site'
import { ProgressiveButton, type ProgressiveButtonProps } from '@/ui/progressive-button'
import { SiteLogo } from './site-logo'

const navLink = 'rounded px-2 py-1 text-sm font-medium text-ink hover:text-brand-700'
/** Below 1024 px the spec's links and Join Us fill the row; the footer carries these there. */
const wideNavLink = `${navLink} hidden lg:inline`

/** The Join Us control, as the page needs it (scroll up to its form, or open the Book a call dialog). */
export type JoinUsProps = Omit<ProgressiveButtonProps, 'label' | 'className'>

export function SiteHeader({ onBackToTop, joinUs }: { onBackToTop: () => void; joinUs: JoinUsProps }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="bg-brand-950 text-center text-sm text-white">
        <p className="container-page py-2">
          Talk to our sales team:{' '}
          <a href={site.phone.href} className="font-semibold whitespace-nowrap underline underline-offset-2">
            {site.phone.display}
          </a>
        </p>
      </div>
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Link to="/" onClick={onBackToTop} className="shrink-0" aria-label={`${site.brand} home`}>
          {/* Smaller on the narrowest phones (a folding phone's cover screen, 280 px) so JOIN US stays whole beside it. */}
          <SiteLogo className="h-7 w-auto min-[360px]:h-9" />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-4 md:flex">
          <Link to="/" onClick={onBackToTop} className={navLink}>
            Home
          </Link>
          <Link to="/" hash="services" className={navLink}>
            Services
          </Link>
          <Link to="/news" className={wideNavLink}>
            Blog
          </Link>
          <Link to="/enterprise" className={wideNavLink}>
            Enterprise
          </Link>
          <a href="#contact" className={navLink}>
            Contact Us
          </a>
          <a href={site.clientAppUrl} target="_blank" rel="noopener noreferrer" className={navLink}>
            Login<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href={site.phone.href} className={navLink}>
            <span className="sr-only">Call </span>
            {site.phone.display}
          </a>
          <ProgressiveButton label="Join Us Here" className="btn-primary px-5 py-2 text-sm" {...joinUs} />
        </nav>
        <ProgressiveButton
          label="JOIN US"
          className="btn-primary shrink-0 px-4 py-2 text-sm whitespace-nowrap min-[360px]:px-5 md:hidden"
          {...joinUs}
        />
      </div>
    </header>
  )
}
