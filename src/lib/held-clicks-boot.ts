// Holds the clicks that arrive before a deferred part (deferred.tsx) has hydrated, so that none is
// lost: React drops a click aimed at a part it cannot hydrate yet, and before the app's script has
// run nothing hears it at all (/vet's Unmute pressed a second after load did nothing, issue 38).
// A click on a part's button with no native action (not a form's submit) is stopped here, on the
// window while capturing, and clicked again once the part says it is ready (`ready`). Links and
// submit buttons keep their native action. Only the parts the prerendered page holds wait: a part
// rendered after a client navigation is live at once.
//
// Inline at the end of the body, bundled into the page by scripts/boot-scripts.mjs.
import type { HeldClicks } from './held-clicks'

export default function heldClicksBoot() {
  const waiting = new Set(document.querySelectorAll('[data-deferred]'))
  const held: HTMLButtonElement[] = []
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    const part = button?.closest('[data-deferred]')
    if (!button || !part || !waiting.has(part) || (button.type !== 'button' && button.form)) return
    event.stopPropagation()
    held.push(button)
  }
  window.addEventListener('click', hold, true)
  const clicks: HeldClicks = {
    ready(part, replay = true) {
      waiting.delete(part)
      if (waiting.size === 0) window.removeEventListener('click', hold, true)
      for (const button of held.filter((b) => part.contains(b))) {
        held.splice(held.indexOf(button), 1)
        if (replay && button.isConnected) button.click()
      }
    },
  }
  window.heldClicks = clicks
}
