import { createElement, Suspense, use, useEffect, useId, useLayoutEffect, useState, type ComponentType } from 'react'
import { hydrationStarted, isHydrating, sectionHydrated } from './hydration-progress'
import { partHydrated, partReady } from './held-clicks'

/**
 * Progressive hydration. A deferred part is prerendered like any other, but its code is a separate
 * chunk that the first load does not wait for: React leaves the server HTML in place (its Suspense
 * boundary stays dehydrated) until the browser is idle, the part comes near the viewport or the
 * visitor touches it, then loads the chunk and hydrates that part alone, in its own task. Until
 * then it is plain HTML: links navigate, forms post natively and keep what is typed (the part
 * adopts it when it hydrates), and a button's click is held and replayed (held-clicks-boot.ts). After the first load (client navigation) it renders at once.
 */
type Loader<P> = () => Promise<ComponentType<P>>

const loaders: Array<() => Promise<unknown>> = []

/** The server renders deferred parts in full: the prerender loads every one before rendering. */
export function loadAllDeferred(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()))
}

const NEAR_VIEWPORT = '300px'
const IDLE_TIMEOUT_MS = 2_500
const INTERACTIONS = ['pointerdown', 'focusin', 'keydown', 'input'] as const

/** Resolves when the browser is idle, the element comes near the viewport or the visitor touches it. */
function hydrationTrigger(element: Element | null): Promise<void> {
  return new Promise((resolve) => {
    const cleanups: Array<() => void> = []
    const go = () => {
      for (const cleanup of cleanups) cleanup()
      resolve()
    }
    if (element) {
      // On window, capturing: React stops events aimed at a dehydrated part before they reach it.
      const touched = (event: Event) => event.target instanceof Node && element.contains(event.target) && go()
      for (const type of INTERACTIONS) {
        window.addEventListener(type, touched, { capture: true, passive: true })
        cleanups.push(() => window.removeEventListener(type, touched, { capture: true }))
      }
      // The wrapper is `display: contents` (no box of its own), so its children are watched.
      if ('IntersectionObserver' in window) {
        const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: NEAR_VIEWPORT })
        for (const child of element.children) observer.observe(child)
        cleanups.push(() => observer.disconnect())
      }
    }
    if ('requestIdleCallback' in window) {
      const handle = requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS })
      cleanups.push(() => cancelIdleCallback(handle))
    } else {
      const handle = setTimeout(go, 200)
      cleanups.push(() => clearTimeout(handle))
    }
  })
}

export function deferred<P extends object>(name: string, load: Loader<P>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component
      return component
    }))
  loaders.push(start)

  type Pending = {
    component: ComponentType<P> | Promise<ComponentType<P>>
    release?: (replay: boolean) => void
    live?: () => void
  }

  function Part({ pending: { component: pending, release, live }, id, props }: { pending: Pending; id: string; props: P }) {
    // A chunk already loaded renders at once: no fallback, so hydration finds the server's markup.
    const component = pending instanceof Promise ? use(pending) : pending
    // In the commit that hydrates the part, before any later event: what is typed now goes to React.
    useLayoutEffect(() => live?.(), [live])
    useEffect(() => {
      sectionHydrated(id)
      // After this commit has settled: every component in the part has started its machine and rendered.
      const replay = setTimeout(() => release?.(true))
      return () => {
        clearTimeout(replay)
        release?.(false)
      }
    }, [id, release])
    return createElement(component, props)
  }

  function Deferred(props: P) {
    const id = useId()
    const [pending] = useState<Pending>(() => {
      if (loaded) return { component: loaded }
      if (typeof document === 'undefined') throw new Error(`Deferred part ${name} rendered before loadAllDeferred()`)
      // A part that came prerendered is found by its id (the ids of a client render never match).
      // Clicks on it are held by an inline boot (held-clicks-boot.ts) until it is ready.
      const element = document.querySelector(`[data-deferred="${CSS.escape(id)}"]`)
      const release = element ? (replay: boolean) => partReady(element, replay) : undefined
      const live = element ? () => partHydrated(element) : undefined
      // Only a part hydrated with the shell waits; rendered in the browser (navigation) it loads now.
      if (!element || !isHydrating()) return { component: start(), release, live }
      hydrationStarted(id)
      // A chunk that fails to load leaves the server HTML as it is: it still works without the script.
      const component = hydrationTrigger(element)
        .then(start)
        .catch(() => {
          partReady(element, false)
          sectionHydrated(id)
          return new Promise<ComponentType<P>>(() => {})
        })
      return { component, release, live }
    })
    return (
      <div data-deferred={id} data-part={name}>
        <Suspense fallback={null}>
          <Part pending={pending} id={id} props={props} />
        </Suspense>
      </div>
    )
  }
  Deferred.displayName = `Deferred(${name})`
  return Deferred
}
