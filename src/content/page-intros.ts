import * as v from 'valibot'
import { checked } from './checked'

// The heading blocks of the pages that have no content file of their own: the enterprise
// registration, the /schedule step and the /thanks page a native lead post lands on.
const text = v.pipe(v.string(), v.trim(), v.nonEmpty())
const Intro = v.object({ eyebrow: text, title: text, text })

export const pageIntros = checked(
  import.meta.env.SSR &&
    v.object({
      enterprise: Intro,
      schedule: v.object({ ...Intro.entries, bookedTitle: text, bookedText: text }),
      thanks: v.object({ ...Intro.entries, button: text }),
    }),
  {
    enterprise: {
      eyebrow: 'Enterprise',
      title: 'Enterprise Registration',
      text: 'Security, team management with role-based permissions, 24/7 priority support, advanced analytics and 2000+ integrations.',
    },
    schedule: {
      eyebrow: 'Book your strategy call',
      title: "You're One Step Away",
      // Read by visitors who sent no details too (the page opened directly): it thanks nobody for them.
      text: 'Welcome. Pick a time that suits you for a free 30-minute call, and we will walk you through your review strategy.',
      bookedTitle: "You're All Set",
      bookedText: 'Your strategy call is in our calendar. We look forward to walking you through your review strategy.',
    },
    thanks: {
      eyebrow: 'Thank you',
      title: 'We Have Your Details',
      text: 'A specialist will be in touch shortly. Book your free strategy call now to get started sooner.',
      button: 'Schedule Your Call',
    },
  },
)
