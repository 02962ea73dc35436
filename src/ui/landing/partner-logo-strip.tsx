import type { LandingSection } from '@/content/landing'
import { PARTNER_LOGO_SIZE, type PartnerLogo } from '@/content/partner-logos'
import { SectionIntro } from '@/ui/home/section-intro'
import { renderLater } from '@/lib/render-later'

/**
 * A two-column grid on phones; on wide screens a strip that scrolls sideways (two copies of the
 * list, the second hidden from assistive technology), pauses while hovered or focused, and stands
 * still as a plain row for visitors who prefer reduced motion.
 */
export function PartnerLogoStrip({ intro, logos }: { intro: LandingSection; logos: readonly PartnerLogo[] }) {
  return (
    <section {...renderLater} aria-labelledby="partners-title" className="border-y border-slate-200/70 bg-white py-12 sm:py-16">
      <div className="container-page">
        <SectionIntro id="partners-title" centered {...intro} />
        <div
          tabIndex={0}
          role="group"
          aria-label="Partner logos (hover or focus to pause)"
          className="group mt-10 overflow-hidden rounded-xl lg:[mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]"
        >
          <div className="lg:flex lg:w-max lg:animate-[marquee_32s_linear_infinite] lg:group-focus-within:[animation-play-state:paused] lg:group-hover:[animation-play-state:paused] lg:motion-reduce:w-auto lg:motion-reduce:animate-none">
            <LogoList logos={logos} />
            <LogoList logos={logos} copy />
          </div>
        </div>
      </div>
    </section>
  )
}

function LogoList({ logos, copy = false }: { logos: readonly PartnerLogo[]; copy?: boolean }) {
  return (
    <ul
      role="list"
      aria-hidden={copy || undefined}
      className={`${copy ? 'hidden lg:flex lg:motion-reduce:hidden' : 'grid grid-cols-2 gap-6 lg:flex lg:motion-reduce:grid lg:motion-reduce:grid-cols-6'} items-center lg:gap-14 lg:pr-14 lg:motion-reduce:pr-0`}
    >
      {logos.map((logo) => (
        <li key={logo.id} className="flex shrink-0 justify-center">
          <img
            src={logo.url}
            alt={copy ? '' : logo.alt}
            width={PARTNER_LOGO_SIZE.width}
            height={PARTNER_LOGO_SIZE.height}
            loading="lazy"
            decoding="async"
            className="h-9 w-auto sm:h-10"
          />
        </li>
      ))}
    </ul>
  )
}
