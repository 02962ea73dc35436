export type OfferCardProps = {
  name: string
  /** Display strings, formatted by the content module: "US$390", "US$600", "US$210". */
  price: string
  regular: string
  saving: string
  includes: readonly string[]
}

/** The partner offer: the price per month, the regular price struck through, the saving. */
export function OfferCard({ name, price, regular, saving, includes }: OfferCardProps) {
  return (
    <section aria-labelledby="offer-title" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="card mx-auto grid max-w-4xl gap-8 p-6 sm:p-10 md:grid-cols-2">
          <div>
            <p className="eyebrow">Partner offer</p>
            <h2 id="offer-title" className="section-title">
              {name}
            </h2>
            <p className="mt-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-5xl font-extrabold tracking-tight text-ink">{price}</span>
              <span className="text-lg text-muted">per month</span>
            </p>
            <p className="mt-2 text-muted">
              instead of <s className="font-semibold">{regular}</s> per month
            </p>
            <p className="mt-4 inline-flex rounded-full bg-green-50 px-4 py-1.5 text-sm font-semibold text-success ring-1 ring-green-200">
              You save {saving} per month
            </p>
          </div>
          <div>
            <h3 className="text-sm font-semibold tracking-wider text-muted uppercase">What&apos;s included</h3>
            <ul role="list" className="mt-4 space-y-3">
              {includes.map((item) => (
                <li key={item} className="flex items-start gap-3 text-ink">
                  <svg
                    viewBox="0 0 16 16"
                    width="18"
                    height="18"
                    aria-hidden="true"
                    className="mt-0.5 shrink-0 text-success"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.2"
                    strokeLinecap="round"
                  >
                    <path d="m3.5 8.5 3 3 6-7" />
                  </svg>
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  )
}
