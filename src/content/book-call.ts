import * as v from 'valibot'
import { checked } from './checked'

// The Book a call dialog's copy, one entry per place that books a call: the /x18 design page, a
// review check result on /check, a business /check cannot find (checkByHand), a drafted reply on /reply, and the
// header's Join Us on pages without a form at the top.
// Each one sends the visitor to the Congrats dialog, whose Schedule Your Call opens the calendar:
// the text promises that order, never a time picked on 'the next page'.
const text = v.pipe(v.string(), v.trim(), v.nonEmpty())
const BookCallCopySchema = v.object({ title: text, text, submit: text })
export type BookCallCopy = v.InferOutput<typeof BookCallCopySchema>

export const bookCallCopy = checked(
  import.meta.env.SSR &&
    v.object({
      design: BookCallCopySchema,
      check: BookCallCopySchema,
      checkByHand: BookCallCopySchema,
      reply: BookCallCopySchema,
      join: BookCallCopySchema,
    }),
  {
    design: {
      title: 'Book Your Strategy Call',
      text: 'Leave your details; once we have them, you can pick a time for your free design strategy call in our calendar.',
      submit: 'Book My Strategy Call',
    },
    check: {
      title: 'Book Your Strategy Call',
      text: 'Leave your details; once we have them, you can pick a time in our calendar. A reputation specialist will go through your check with you and plan how to close the gap.',
      submit: 'Book My Strategy Call',
    },
    checkByHand: {
      title: 'We Will Run Your Check',
      text: 'Leave your details; once we have them, you can pick a time in our calendar. A reputation specialist will find your business on Google Maps, run the check by hand and go through it with you.',
      submit: 'Send My Details',
    },
    reply: {
      title: 'Book Your Strategy Call',
      text: 'Leave your details; once we have them, you can pick a time in our calendar. A reputation specialist will show you how every review can get a draft reply like this one, for you to check before it goes out.',
      submit: 'Book My Strategy Call',
    },
    join: {
      title: 'Join Us: Book Your Free Call',
      text: 'Leave your details; once we have them, you can pick a time in our calendar. A reputation specialist will show you how to get more 5-star reviews, free and with no obligation.',
      submit: 'Book My Free Call',
    },
  },
)
