// Sections far below the first screen render later. The prerendered page marks them
// (`renderLater`); until one comes near the viewport the browser skips its style, layout and paint
// (`content-visibility: auto` in styles.css), so the first frame lays out what a visitor sees first
// and not the whole page: on a phone that frame was the longest task of the load (docs/speed.md).
// Once the page has loaded, an inline boot (render-later-boot.ts) renders the marked sections one per idle period, so
// the page is whole (print, full-page captures, find in page) without one long task. Without the
// script a section renders as it comes near the viewport. A placeholder above a link's target would
// move where the link lands: a page whose URL names a fragment skips nothing (styles.css), and a jump
// by script renders every marked section first (hash-scroll.ts, renderMarkedSections). A section
// that code scrolls to by itself, or one with a target below it that is reached another way, stays
// unmarked (decision 019).
export const RENDER_LATER = 'data-render-later'
export const RENDERED = 'data-rendered'

/** Props for a section that may render after the first frame. */
export const renderLater = { [RENDER_LATER]: '' } as const

/**
 * Renders every marked section now; returns whether one was standing in for its content. For a
 * jump to a fragment by script (a client navigation sets no `:target`): a section still waiting
 * stands in at 900 px, and one above the target would move where the jump lands. While the page's
 * URL names a fragment none stands in (styles.css).
 */
export function renderMarkedSections(): boolean {
  const waiting = document.querySelectorAll(`[${RENDER_LATER}]:not([${RENDERED}])`)
  for (const section of waiting) section.setAttribute(RENDERED, '')
  return waiting.length > 0 && !document.querySelector(':target')
}
