import { useCallback } from 'react'
import { useNavigate } from '@tanstack/react-router'
import type { BookCallCopy } from '@/content/book-call'
import { dialogMachine } from '@/machines/dialog.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { ModalDialog } from '@/ui/dialog/modal-dialog'
import { CongratsDialog } from '@/ui/lead-form/congrats-dialog'
import { LeadCapture, type LeadCaptureProps } from './lead-capture'

export type BookCallModalProps = {
  copy: BookCallCopy
  open: boolean
  onClose: () => void
} & Pick<LeadCaptureProps, 'initialValues' | 'check' | 'reply'>

/**
 * The Book a call modal with its lead form, in the copy of the place it opens from. An accepted lead
 * closes it (its form resets itself) and the Congrats dialog takes over.
 */
export function BookCallModal({ copy, open, onClose, initialValues, check, reply }: BookCallModalProps) {
  const navigate = useNavigate()
  const [congrats, congratsRef] = useAppActor(dialogMachine)
  const onAccepted = useCallback(() => {
    onClose()
    congratsRef.send({ type: 'dialog.open' })
  }, [onClose, congratsRef])

  return (
    <>
      <ModalDialog open={open} title={copy.title} description={copy.text} onClose={onClose}>
        <LeadCapture
          submitLabel={copy.submit}
          busyLabel="Processing..."
          addressListSize="compact"
          congrats={false}
          nativeErrorTarget={false}
          onAccepted={onAccepted}
          initialValues={initialValues}
          check={check}
          reply={reply}
        />
      </ModalDialog>
      <CongratsDialog
        open={congrats.matches('open')}
        onClose={() => congratsRef.send({ type: 'dialog.close' })}
        onSchedule={() => {
          congratsRef.send({ type: 'dialog.close' })
          void navigate({ to: '/schedule' })
        }}
      />
    </>
  )
}
