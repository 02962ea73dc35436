import { useEffect, useId, useRef, type ReactNode } from 'react'

export type ModalDialogProps = {
  open: boolean
  title: string
  description?: string
  onClose: () => void
  children: ReactNode
}

/**
 * A native modal <dialog>: the browser moves focus in and keeps it there; Escape and the X ask the
 * owner to close; focus returns to whatever opened it.
 */
export function ModalDialog({ open, title, description, onClose, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const id = useId()

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
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      className="m-auto max-h-[92dvh] w-[min(94vw,32rem)] overflow-y-auto rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <div className="relative p-6 sm:p-8">
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
        <h2 id={`${id}-title`} className="pr-10 text-2xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        {description && (
          <p id={`${id}-text`} className="mt-2 text-muted">
            {description}
          </p>
        )}
        <div className="@container mt-5">{children}</div>
      </div>
    </dialog>
  )
}
