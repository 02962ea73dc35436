import { Link } from '@tanstack/react-router'
import { site } from '@/site'
import { SiteLogo } from './site-logo'
import { SocialIcon } from './social-icon'

const legal = [
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/cookies', label: 'Cookies' },
  { to: '/dpa', label: 'DPA' },
] as const

/** Pages for every visitor that the header leaves out on a phone (it shows only JOIN US there). */
const explore = [
  { to: '/news', label: 'Blog' },
  { to: '/enterprise', label: 'Enterprise' },
  { to: '/check', label: 'Free review check' },
  { to: '/reply', label: 'Free AI reply' },
] as const

const legalPill = 'inline-block rounded-full border border-white/30 px-4 py-1.5 text-sm hover:bg-white/10'

/**
 * `flush`: the page ends on a full-width band, which the footer meets without a gap.
 * `onCookieSettings` opens the cookie preferences; without it (no script yet) the control links to the policy.
 */
export function SiteFooter({ flush = false, onCookieSettings }: { flush?: boolean; onCookieSettings?: () => void } = {}) {
  return (
    <footer className={`${flush ? '' : 'mt-16 '}bg-brand-950 text-slate-200`} aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Contact and legal
      </h2>
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div className="space-y-4">
          <div className="inline-block rounded-lg bg-white p-2">
            <SiteLogo lazy alt={site.brand} />
          </div>
          <p>
            <a
              href={site.clientAppUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-white underline underline-offset-2"
            >
              Client Area<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
          <nav aria-label="Footer">
            <ul className="space-y-2">
              {explore.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="hover:text-white">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div>
          {/* The header's Contact Us (#contact) lands here; focusable, so the browser moves focus with the scroll. */}
          <h3 id="contact" tabIndex={-1} className="font-semibold text-white">
            Contact
          </h3>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={site.phone.href} className="whitespace-nowrap hover:text-white">
                <span className="sr-only">Phone: </span>
                {site.phone.display}
              </a>
            </li>
            {site.phoneInternational.display !== site.phone.display && (
              <li>
                <a href={site.phoneInternational.href} className="whitespace-nowrap hover:text-white">
                  <span className="sr-only">Phone: </span>
                  {site.phoneInternational.display}
                </a>{' '}
                <span className="text-sm text-slate-400">from outside Australia</span>
              </li>
            )}
            <li>
              <a href={`mailto:${site.email}`} className="break-all hover:text-white">
                <span className="sr-only">Email: </span>
                {site.email}
              </a>
            </li>
          </ul>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {site.social.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <SocialIcon name={link.name} />
                  <span className="sr-only">{link.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-white">Legal</h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {legal.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={legalPill}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              {onCookieSettings ? (
                <button type="button" aria-haspopup="dialog" onClick={onCookieSettings} className={`${legalPill} cursor-pointer`}>
                  Cookie settings
                </button>
              ) : (
                <a href="/cookies" className={legalPill}>
                  Cookie settings
                </a>
              )}
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-sm text-slate-400">
        © {site.copyrightYear} {site.brand}. All rights reserved.
      </p>
    </footer>
  )
}
