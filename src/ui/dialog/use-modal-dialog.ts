import { useEffect, useRef } from 'react'

/**
 * Drives a native <dialog> from an `open` prop: showModal() moves focus in and keeps it there;
 * closing returns focus to whatever had it when the dialog opened.
 */
export function useModalDialog(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const returnFocusTo = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement as HTMLElement | null
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      returnFocusTo.current?.focus()
    }
  }, [open])

  return dialogRef
}
