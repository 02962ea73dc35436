import { useModalDialog } from '@/ui/dialog/use-modal-dialog'
import { DialogCloseButton } from '@/ui/dialog/dialog-close-button'
import { useId, type ReactNode } from 'react'

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
  const id = useId()

  const dialogRef = useModalDialog(open)

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      className="m-auto max-h-[92dvh] w-[min(calc(100vw-1rem),32rem)] overflow-y-auto rounded-2xl p-0 shadow-2xl [scrollbar-width:thin] backdrop:bg-slate-900/60"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <div className="relative px-4 py-5 sm:p-8">
        <DialogCloseButton onClose={onClose} />
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
