import type { CheckFailureKind } from '@/schemas/review-check'

/** The copy of the free review check (/check) and of the links to it. */
export const reviewCheckContent = {
  intro: {
    eyebrow: 'Free review check',
    title: 'How Do You Stack Up Locally?',
    text: 'Pick your business to see your Google rating and review count against the nearby businesses of the same kind, and how many new 5-star reviews would lift you to your target. No email, no phone.',
  },
  picker: {
    label: 'Your business',
    placeholder: 'Start typing your business name',
    radius: 'Search radius',
    submit: 'Check my reviews',
    busy: 'Checking...',
    businessRequired: 'Please choose your business from the suggestions.',
    /** Typed, but no suggestion picked: what to do, and the way forward beside it. */
    businessNotChosen: (typed: string) =>
      `“${typed}” is not one of the suggestions, so we cannot check it yet. Type a little more and choose your business from the list, or leave its name with us and a specialist will run your check.`,
    noMatch: (typed: string) =>
      `No business on Google Maps matches “${typed}”. Try another spelling or add the suburb, or leave its name with us and a specialist will run your check.`,
    byHand: 'Leave the name with us',
    noScript: 'The free check needs JavaScript in your browser. Book a call instead and we will run it for you:',
    noScriptLink: 'book a free strategy call',
  },
  result: {
    tableCaption: 'Your business and the nearby competitors, best rated first',
    you: 'Your business',
    target: 'Target rating',
    reviewLink: 'Your direct review link',
    copy: 'Copy link',
    copied: 'Review link copied to the clipboard.',
    copyFailed: 'Could not copy: select the link and copy it yourself.',
    qrAlt: 'QR code of your direct review link',
    qrDownload: 'Download the QR code (PNG)',
    qrFailed: 'The QR code could not be drawn; the link above works the same.',
    book: 'Book a call to close the gap',
    another: 'Check another business',
    attribution: 'Ratings, reviews and places from',
  },
  noCompetitors: 'We found no other businesses of your kind within this radius.',
  noCompetitorsWidest:
    'Even within 10 km there is no other business of your kind on Google Maps: you are the local choice. Keep the reviews coming.',
  widen: (km: number) => `Search within ${km} km`,
  noReviews:
    'Your business has no Google reviews yet, so your first 5-star review puts you on the map. Share your direct review link with your next happy customers.',
  failures: {
    'rate-limited': (wait: string) => `You have run several checks in a short time. Please try again in ${wait}.`,
    'cap-reached': () =>
      'Today’s free checks are used up. We will send your report: leave your details and a specialist will run it for you.',
    'not-found': () => 'We could not find that business on Google Maps. Please choose it again from the suggestions.',
    'not-a-business': () => 'That place is not a business with Google reviews. Please choose your business from the suggestions.',
    'verification-failed': () =>
      'We could not confirm that this check came from a person, so it did not run. Please try again, or call us and we will run it for you.',
    down: () => 'Google Maps did not answer just now, so we could not run your check. Please try again in a moment.',
  } satisfies Record<CheckFailureKind, (wait: string) => string>,
  /** The bot check never loaded (a privacy extension, a network): the check was not sent at all. */
  checkBlocked:
    'The check that tells us you are a person did not load, so your check did not run. A browser extension or your network may be blocking challenges.cloudflare.com: allow it and try again, or call us and we will run it for you.',
  /** The heading over any failure's explanation, where focus lands. */
  failureTitle: 'We could not run your check',
  retry: 'Try again',
  searchOff: 'Business search is unavailable just now, so the check cannot start. We can run it for you on a call:',
  searchOffLink: 'book a free strategy call',
  capTitle: 'We will send your report',
  /** When the check is limited or Google is down: the same report, run by a specialist. */
  offerTitle: 'Or let a specialist run it for you',
  offerText: 'Leave your details and we will send your report.',
}
