/**
 * Where hydration stands. The shell (everything outside deferred parts) hydrates first; the
 * document gets `data-hydrated` only once every deferred part that was on the first page has
 * hydrated too, so tests and tools that wait for it meet a fully interactive page. The
 * `shell-hydrated` performance mark is when the page first responds (the bench reads it).
 */
const pending = new Set<string>()
const done = new Set<string>()
let shellDone = false
let marked = false

export const isHydrating = () => typeof document !== 'undefined' && !shellDone

export function hydrationStarted(id: string) {
  pending.add(id)
}

export function sectionHydrated(id: string) {
  pending.delete(id)
  done.add(id)
  markWhenComplete()
}

/** Called once by the root after it has hydrated. */
export function shellHydrated() {
  if (shellDone) return
  shellDone = true
  performance.mark('shell-hydrated')
  // React may commit the shell while a Suspense boundary around a part (the route's match) is still
  // dehydrated, before that part has rendered and said it started. Every part the prerendered HTML
  // holds counts as pending until it reports.
  for (const element of document.querySelectorAll<HTMLElement>('[data-deferred]')) {
    const id = element.dataset.deferred
    if (id && !done.has(id)) pending.add(id)
  }
  markWhenComplete()
}

function markWhenComplete() {
  if (!shellDone || marked || pending.size > 0) return
  marked = true
  performance.mark('hydrated')
  document.documentElement.dataset.hydrated = 'true'
}
