import { Link } from '@tanstack/react-router'
import { site } from '@/site'
import { ProgressiveButton, type ProgressiveButtonProps } from '@/ui/progressive-button'
import { SiteLogo } from './site-logo'
import { SiteMenu } from './site-menu'

const navLink = 'rounded px-2 py-1 text-sm font-medium whitespace-nowrap text-ink hover:text-brand-700'

/** The Join Us control, as the page needs it (scroll up to its form, or open the Book a call dialog). */
export type JoinUsProps = Omit<ProgressiveButtonProps, 'label' | 'className'>

/**
 * The links fit in one row from 1024 px; below, the menu holds them (and the free tools at every width).
 * `path`: the page shown, so that a route change closes the menu.
 */
export function SiteHeader({ onBackToTop, joinUs, path }: { onBackToTop: () => void; joinUs: JoinUsProps; path: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur [anchor-name:--site-header]">
      <div className="bg-brand-950 text-center text-sm text-white">
        <p className="container-page py-2">
          Talk to our sales team:{' '}
          <a href={site.phone.href} className="font-semibold whitespace-nowrap underline underline-offset-2">
            {site.phone.display}
          </a>
        </p>
      </div>
      <div className="container-page flex h-16 items-center justify-between gap-2">
        <Link to="/" onClick={onBackToTop} className="shrink-0" aria-label={`${site.brand} home`}>
          {/* Smaller on the narrowest phones (a folding phone's cover screen, 280 px) so JOIN US and the menu stay whole beside it. */}
          <SiteLogo className="h-[22px] w-auto min-[320px]:h-7 min-[360px]:h-9" />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-2">
          <div className="hidden items-center lg:flex">
            <Link to="/" onClick={onBackToTop} className={navLink}>
              Home
            </Link>
            <Link to="/" hash="services" className={navLink}>
              Services
            </Link>
            <Link to="/news" className={navLink}>
              Blog
            </Link>
            <Link to="/enterprise" className={navLink}>
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
          </div>
          <ProgressiveButton
            label="Join Us Here"
            className="btn-primary hidden px-5 py-2 text-sm whitespace-nowrap md:inline-flex"
            {...joinUs}
          />
          <ProgressiveButton
            label="JOIN US"
            className="btn-primary shrink-0 px-3 py-2 text-sm whitespace-nowrap min-[360px]:px-5 md:hidden"
            {...joinUs}
          />
          <SiteMenu path={path} onHome={onBackToTop} />
        </nav>
      </div>
    </header>
  )
}
