import type { ReactNode } from 'react'

/** The heading block at the top of a page: one h1 and an optional lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page py-14 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{title}</h1>
        {children && <div className="mt-5 max-w-2xl text-lg text-muted">{children}</div>}
      </div>
    </div>
  )
}
