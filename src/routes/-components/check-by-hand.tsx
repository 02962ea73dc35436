import { bookCallCopy } from '@/content/book-call'
import { reviewCheckContent as c } from '@/content/review-check'
import { CallUs } from '@/ui/lead-form/call-us'
import { BookCall } from './book-call'

/**
 * The way forward for a business the check cannot pick: the lead form, prefilled with the name
 * the visitor typed, beside the phone.
 */
export function CheckByHand({ business }: { business: string }) {
  return (
    <div className="grid justify-items-start gap-2">
      <BookCall label={c.picker.byHand} copy={bookCallCopy.checkByHand} href="/schedule" initialValues={{ business }} />
      <CallUs />
    </div>
  )
}
