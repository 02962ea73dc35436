import { useEffect, useRef, type MouseEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { site } from '@/site'

const PANEL_ID = 'site-menu'
const item = 'block rounded px-3 py-3 font-medium text-ink hover:bg-brand-50 hover:text-brand-700'

const isOpen = (panel: HTMLElement | null) => typeof panel?.hidePopover === 'function' && panel.matches(':popover-open')

/**
 * Every header destination behind one button. The panel is a native popover, so the button opens it
 * before the script arrives and without it, and Escape or a tap outside closes it (focus back on the
 * button). The browser owns the open state; the script mirrors it into aria-expanded (left out of the
 * server markup, where it could go stale) and closes the panel on navigation.
 */
export function SiteMenu({ path, onHome }: { path: string; onHome: () => void }) {
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const reflect = () => button.current?.setAttribute('aria-expanded', String(isOpen(panel.current)))
  useEffect(reflect, [])
  // The previous page's cleanup: any route change (a link, Back) closes the menu.
  useEffect(() => {
    const current = panel.current
    return () => {
      if (isOpen(current)) current?.hidePopover()
    }
  }, [path])
  // A link to the page's own anchor (Services on home, Contact Us) does not change the path.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a') && isOpen(panel.current)) panel.current?.hidePopover()
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={PANEL_ID}
        aria-controls={PANEL_ID}
        className="site-menu-button inline-flex size-10 shrink-0 items-center justify-center gap-1.5 rounded-full border border-slate-300 text-sm font-medium text-ink hover:border-brand-600 hover:text-brand-700 md:w-auto md:px-3.5"
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
        </svg>
        <span className="sr-only md:not-sr-only">Menu</span>
      </button>
      <div ref={panel} id={PANEL_ID} popover="auto" onToggle={reflect} onClick={closeOnLink} className="site-menu-panel">
        <ul className="p-2">
          <li>
            <Link to="/" onClick={onHome} className={item}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/" hash="services" className={item}>
              Services
            </Link>
          </li>
          <li>
            <Link to="/news" className={item}>
              Blog
            </Link>
          </li>
          <li>
            <Link to="/enterprise" className={item}>
              Enterprise
            </Link>
          </li>
          <li>
            <Link to="/check" className={item}>
              Free review check
            </Link>
          </li>
          <li>
            <Link to="/reply" className={item}>
              Free AI reply
            </Link>
          </li>
          <li>
            <a href="#contact" className={item}>
              Contact Us
            </a>
          </li>
          <li>
            <a href={site.clientAppUrl} target="_blank" rel="noopener noreferrer" className={item}>
              Login<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </div>
    </>
  )
}
