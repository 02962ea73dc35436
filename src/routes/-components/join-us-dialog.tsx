import { useCallback, useImperativeHandle, type Ref } from 'react'
import { bookCallCopy } from '@/content/book-call'
import { dialogMachine } from '@/machines/dialog.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { BookCallModal } from './book-call-modal'

const openDialog = dialogMachine.resolveState({ value: 'open' })

/** What the header may ask of the mounted dialog: to open again. */
export type JoinUsDialogHandle = { open: () => void }

/**
 * The header's Join Us dialog (its own chunk: the shell carries only the button that loads it). It
 * mounts on the first activation, open, and owns its open/closed state from then on; it stays
 * mounted once closed, so the Congrats of a lead sent from it can follow.
 */
export default function JoinUsDialog({ ref }: { ref?: Ref<JoinUsDialogHandle> }) {
  // Mounted by the first activation, so it starts open.
  const [modal, modalRef] = useAppActor(dialogMachine, { snapshot: openDialog })
  useImperativeHandle(ref, () => ({ open: () => modalRef.send({ type: 'dialog.open' }) }), [modalRef])
  const close = useCallback(() => modalRef.send({ type: 'dialog.close' }), [modalRef])
  return <BookCallModal copy={bookCallCopy.join} open={modal.matches('open')} onClose={close} />
}
