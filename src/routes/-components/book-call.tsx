import { useCallback, type MouseEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { x18Content } from '@/content/landing'
import { dialogMachine } from '@/machines/dialog.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { ModalDialog } from '@/ui/dialog/modal-dialog'
import { CongratsDialog } from '@/ui/lead-form/congrats-dialog'
import { LeadCapture, type LeadCaptureProps } from './lead-capture'
import { BOOK_SECTION_ID } from './book-call-target'

const c = x18Content.book

/**
 * The Book a call trigger and its modal. Until hydration the trigger is a plain link to the
 * in-page form; once hydrated it opens 'Book Your Strategy Call'. An accepted lead closes the
 * modal (its form resets itself) and the Congrats dialog takes over.
 */
export function BookCall({
  label,
  href = `#${BOOK_SECTION_ID}`,
  initialValues,
  check,
  reply,
}: { label: string; href?: string } & Pick<LeadCaptureProps, 'initialValues' | 'check' | 'reply'>) {
  const navigate = useNavigate()
  const [modal, modalRef] = useAppActor(dialogMachine)
  const [congrats, congratsRef] = useAppActor(dialogMachine)
  const onAccepted = useCallback(() => {
    modalRef.send({ type: 'dialog.close' })
    congratsRef.send({ type: 'dialog.open' })
  }, [modalRef, congratsRef])

  function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault()
    modalRef.send({ type: 'dialog.open' })
  }

  return (
    <>
      <a href={href} aria-haspopup="dialog" onClick={open} className="btn-primary px-8 py-3.5 text-base">
        {label}
      </a>
      <ModalDialog
        open={modal.matches('open')}
        title={c.modalTitle}
        description={c.modalText}
        onClose={() => modalRef.send({ type: 'dialog.close' })}
      >
        <LeadCapture
          submitLabel={c.submit}
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
