import { bookCallCopy } from '@/content/book-call'
import { BookCallModal } from './book-call-modal'

/** The header's Join Us dialog (its own chunk: the shell carries only the button that loads it). */
export default function JoinUsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <BookCallModal copy={bookCallCopy.join} open={open} onClose={onClose} />
}
