// Renders the sections marked to render later (render-later.ts) once the page has loaded, one per
// idle period, so the page is whole without one long task.
//
// Inline at the end of the body, bundled into the page by scripts/boot-scripts.mjs.
import { RENDERED, RENDER_LATER } from './render-later'

const IDLE_TIMEOUT_MS = 2_000

export default function renderLaterBoot() {
  const next = () => {
    const section = document.querySelector(`[${RENDER_LATER}]:not([${RENDERED}])`)
    if (!section) return
    section.setAttribute(RENDERED, '')
    later()
  }
  const later = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(next, { timeout: IDLE_TIMEOUT_MS })
    else setTimeout(next, 50)
  }
  if (document.readyState === 'complete') later()
  else window.addEventListener('load', later, { once: true })
}
