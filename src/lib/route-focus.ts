import { moveFocus } from './move-focus'

type RenderedEvent = { pathChanged: boolean; toLocation: { hash: string } }

/**
 * After an in-site navigation to another page, focus moves to the new page's main heading, which a
 * screen reader then reads, as a fresh page load would put it at the top of the new page. A link to
 * a fragment leaves focus to the browser and scrolling to hash-scroll.ts; a change of search params
 * alone (a /check result) is no new page. The scroll stays where the router put it (restored on Back).
 */
export function focusNewPage({ pathChanged, toLocation }: RenderedEvent) {
  if (!pathChanged || toLocation.hash) return
  const main = document.getElementById('main')
  moveFocus(main?.querySelector('h1') ?? main, { preventScroll: true })
}
