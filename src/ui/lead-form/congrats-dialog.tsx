import { useId } from 'react'
import { useModalDialog } from '@/ui/dialog/use-modal-dialog'
import { DialogCloseButton } from '@/ui/dialog/dialog-close-button'

export type CongratsDialogProps = {
  open: boolean
  /** The lead was taken as from a person; unverified, a person looks at it first, so no call is promised. */
  verified?: boolean
  onClose: () => void
  onSchedule: () => void
}

const TEXT = {
  verified: 'We have your details and a specialist will be in touch shortly. Book your free strategy call now to get started sooner.',
  unverified:
    'We have your details. We could not confirm that they were sent by a person, so a person looks at them before we call. Book your free strategy call now to be sure of a time.',
}

/** A native modal dialog: focus moves in on open, Escape closes, focus returns where it was. */
export function CongratsDialog({ open, verified = true, onClose, onSchedule }: CongratsDialogProps) {
  const dialogRef = useModalDialog(open)
  const id = useId()

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <div className="relative p-8 text-center">
        <DialogCloseButton onClose={onClose} />
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-success" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="m5 12 5 5 9-10" />
          </svg>
        </div>
        <h2 id={`${id}-title`} className="mt-4 text-2xl font-bold text-ink">
          Congrats!
        </h2>
        <p id={`${id}-text`} className="mt-2 text-muted">
          {verified ? TEXT.verified : TEXT.unverified}
        </p>
        <button type="button" autoFocus onClick={onSchedule} className="btn-primary mt-6 w-full">
          Schedule Your Call
        </button>
      </div>
    </dialog>
  )
}
