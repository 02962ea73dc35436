/**
 * Moves focus where reading should resume: a control, or an element that is none (a heading, an
 * error summary), which is made focusable from script only (`tabindex="-1"`) so Tab never stops there.
 * One helper for every such move: a new page, a refused form, a new step.
 */
export function moveFocus(element: Element | null | undefined, options?: FocusOptions) {
  if (!(element instanceof HTMLElement)) return
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus(options)
}

/** The first field a refused form marked invalid, in the order the visitor reads them. */
export const firstInvalidField = (container: ParentNode | null | undefined) => container?.querySelector('[aria-invalid="true"]')
