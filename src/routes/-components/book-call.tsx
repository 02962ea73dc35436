import { useCallback } from 'react'
import { useHydrated } from '@tanstack/react-router'
import type { BookCallCopy } from '@/content/book-call'
import { dialogMachine } from '@/machines/dialog.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { ProgressiveButton } from '@/ui/progressive-button'
import { BookCallModal, type BookCallModalProps } from './book-call-modal'
import { BOOK_SECTION_ID } from '@/content/pages'

/**
 * The Book a call trigger and its modal. Until hydration the trigger is a plain link to the
 * in-page form (what works without the script); once hydrated it is a button that opens the modal.
 */
export function BookCall({
  label,
  copy,
  href = `#${BOOK_SECTION_ID}`,
  initialValues,
  check,
  reply,
}: { label: string; copy: BookCallCopy; href?: string } & Pick<BookCallModalProps, 'initialValues' | 'check' | 'reply'>) {
  const hydrated = useHydrated()
  const [modal, modalRef] = useAppActor(dialogMachine)
  const close = useCallback(() => modalRef.send({ type: 'dialog.close' }), [modalRef])

  return (
    <>
      <ProgressiveButton
        label={label}
        href={href}
        hydrated={hydrated}
        opensDialog
        onActivate={() => modalRef.send({ type: 'dialog.open' })}
        className="btn-primary px-8 py-3.5 text-base"
      />
      <BookCallModal copy={copy} open={modal.matches('open')} onClose={close} initialValues={initialValues} check={check} reply={reply} />
    </>
  )
}
