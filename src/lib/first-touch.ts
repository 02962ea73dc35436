const TOUCHES = ['focusin', 'pointerdown', 'input'] as const

/** Calls `touched` once, on the first focus, press or input inside `form` (at once if it already holds the focus). */
export function onFirstTouch(form: HTMLElement, touched: () => void): () => void {
  const stop = () => TOUCHES.forEach((type) => form.removeEventListener(type, handle, true))
  function handle() {
    stop()
    touched()
  }
  if (form.contains(document.activeElement) && document.activeElement !== document.body) {
    touched()
    return () => {}
  }
  TOUCHES.forEach((type) => form.addEventListener(type, handle, true))
  return stop
}
