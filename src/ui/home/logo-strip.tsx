import { logoStripContent as c } from '@/content/home'
import { INTEGRATION_LOGO_SIZE, integrationLogos } from '@/content/integration-logos'

export function LogoStrip() {
  return (
    <section aria-labelledby="logo-strip-title" className="border-b border-slate-200/70 bg-white py-12 sm:py-16">
      <div className="container-page">
        <h2 id="logo-strip-title" className="text-center text-lg font-bold tracking-tight text-ink sm:text-xl">
          {c.title}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-center text-sm text-muted">{c.lead}</p>
        <ul role="list" className="mt-8 grid grid-cols-2 items-center gap-x-6 gap-y-6 sm:grid-cols-3 lg:grid-cols-6">
          {integrationLogos.map((logo) => (
            <li key={logo.id} className="flex justify-center">
              <img
                src={logo.url}
                alt={logo.alt}
                width={INTEGRATION_LOGO_SIZE.width}
                height={INTEGRATION_LOGO_SIZE.height}
                loading="lazy"
                decoding="async"
                className="h-9 w-auto opacity-75 grayscale transition hover:opacity-100 sm:h-10"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
