import type { BookCallCopy } from '@/content/book-call'
import { ModalDialog } from '@/ui/dialog/modal-dialog'
import { LeadCapture, type LeadCaptureProps } from './lead-capture'

export type BookCallModalProps = {
  copy: BookCallCopy
  open: boolean
  onClose: () => void
} & Pick<LeadCaptureProps, 'initialValues' | 'check' | 'reply'>

/**
 * The Book a call modal with its lead form, in the copy of the place it opens from. An accepted lead
 * closes it (its form resets itself) and the form's Congrats dialog, outside the modal, takes over.
 */
export function BookCallModal({ copy, open, onClose, initialValues, check, reply }: BookCallModalProps) {
  return (
    <LeadCapture
      submitLabel={copy.submit}
      busyLabel="Processing..."
      addressListSize="compact"
      nativeErrorTarget={false}
      onAccepted={onClose}
      initialValues={initialValues}
      check={check}
      reply={reply}
      layout={({ form, congrats }) => (
        <>
          <ModalDialog open={open} title={copy.title} description={copy.text} onClose={onClose}>
            {form}
          </ModalDialog>
          {congrats}
        </>
      )}
    />
  )
}
