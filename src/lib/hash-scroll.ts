import { renderMarkedSections } from './render-later'

/** How long a hash link waits for its target to appear (a deferred part whose chunk is loading). */
const WAIT_MS = 5_000

/**
 * Scrolls to the element a hash names once it exists. The router scrolls to a hash target only if
 * it is there when the page renders; a target inside a part that loads its own chunk (the home
 * page's services) arrives a moment later. Either way the sections marked to render later are
 * rendered first (render-later.ts), and the router's jump is made again if one was waiting.
 * Returns a cancel function.
 */
export function scrollToHashTarget(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''))
  if (!id) return () => {}
  const present = document.getElementById(id)
  if (present) {
    if (renderMarkedSections()) present.scrollIntoView()
    return () => {}
  }
  const observer = new MutationObserver(() => {
    const target = document.getElementById(id)
    if (!target) return
    stop()
    renderMarkedSections()
    target.scrollIntoView()
  })
  const timer = setTimeout(() => stop(), WAIT_MS)
  function stop() {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(document.body, { childList: true, subtree: true })
  return stop
}
