import type { ReactNode, Ref } from 'react'

/** A step's heading: focusable by script (not by Tab), so moving to a step moves focus here. */
export function StepHeading({ id, headingRef, children }: { id: string; headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h2 id={id} ref={headingRef} tabIndex={-1} className="scroll-mt-36 text-2xl font-bold tracking-tight text-ink outline-none sm:text-3xl">
      {children}
    </h2>
  )
}
