import { useEffect, useRef } from 'react'

export type CongratsDialogProps = { open: boolean; onClose: () => void; onSchedule: () => void }

/** A native modal dialog: focus moves in on open, Escape closes, focus returns where it was. */
export function CongratsDialog({ open, onClose, onSchedule }: CongratsDialogProps) {
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

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="congrats-title"
      aria-describedby="congrats-text"
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <div className="relative p-8 text-center">
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-success" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="m5 12 5 5 9-10" />
          </svg>
        </div>
        <h2 id="congrats-title" className="mt-4 text-2xl font-bold text-ink">
          Congrats!
        </h2>
        <p id="congrats-text" className="mt-2 text-muted">
          We have your details and a specialist will be in touch shortly. Book your free strategy call now to get started sooner.
        </p>
        <button type="button" autoFocus onClick={onSchedule} className="btn-primary mt-6 w-full">
          Schedule Your Call
        </button>
      </div>
    </dialog>
  )
}
