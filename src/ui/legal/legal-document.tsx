import type { TocEntry } from '@/content/front-matter'

export type LegalDocumentProps = {
  title: string
  dateLine: string
  summary: string
  toc: readonly TocEntry[]
  /** The text, rendered from Markdown at build time, with an id on every section heading. */
  html: string
}

/** A legal page: its date, a table of contents linking to every section, then the full text. */
export function LegalDocument({ title, dateLine, summary, toc, html }: LegalDocumentProps) {
  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{title}</h1>
          <p className="mt-4 font-semibold text-ink">{dateLine}</p>
          <p className="mt-3 max-w-2xl text-lg text-muted">{summary}</p>
        </div>
      </div>
      <div className="container-page grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-32 lg:max-h-[calc(100vh-9rem)] lg:self-start lg:overflow-y-auto">
          <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-ink uppercase">
            Contents
          </h2>
          <ol className="mt-3 space-y-1.5 border-l border-slate-200 text-sm">
            {toc.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`#${entry.id}`}
                  className="-ml-px block border-l-2 border-transparent py-0.5 pl-3 text-muted hover:border-brand-600 hover:text-ink"
                >
                  {entry.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose-content max-w-3xl" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </>
  )
}
