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

// What React would hydrate a part at once for (its discrete events and those it reads text from).
const INPUT = (
  'keydown keypress keyup beforeinput input textInput compositionstart compositionupdate compositionend change select ' +
  'focusin focusout pointerdown pointerup mousedown mouseup touchstart touchend'
).split(' ')

export default function heldClicksBoot() {
  const waiting = new Set(document.querySelectorAll('[data-deferred]'))
  const held: HTMLButtonElement[] = []
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null
    const part = target?.closest('[data-deferred]')
    const button = target?.closest('button')
    if (!part || !waiting.has(part) || (button && button.type !== 'button' && button.form)) return
    if (!button) return keep(event)
    event.stopPropagation()
    held.push(button)
  }
  window.addEventListener('click', hold, true)

  // Input aimed at a part React has not hydrated is kept from React, which listens on the document:
  // to deliver it, React hydrates at once, in that keystroke's task, everything between the root and
  // the part (the whole page while the shell is still hydrating: 130 to 340 ms on the bench's phone,
  // issue 45). The browser still acts on it (the text goes into the field), the part adopts what was
  // typed when it hydrates, and its input reaches React from the commit that hydrates it (`hydrated`).
  // So is a click that no button holds (the tap that puts the caret in a field: 110 to 130 ms of
  // React's hydration in the tap's task); a link in the part then navigates natively.
  const dehydrated = new Set(waiting)
  function keep(event: Event) {
    const target = event.target instanceof Node ? event.target : null
    for (const part of dehydrated) if (target && part.contains(target)) return event.stopPropagation()
  }
  const options = { capture: true, passive: true }
  for (const type of INPUT) window.addEventListener(type, keep, options)
  const live = (part: Element) => {
    dehydrated.delete(part)
    if (dehydrated.size === 0) for (const type of INPUT) window.removeEventListener(type, keep, options)
  }

  const clicks: HeldClicks = {
    hydrated: live,
    ready(part, replay = true) {
      live(part)
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
