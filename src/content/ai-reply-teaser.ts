/** The links to the free AI reply (/reply) from the home, veterinary and review-check pages: small, so those pages carry none of /reply's copy. */
export const aiReplyTeaser = {
  title: 'Try a free AI reply',
  text: 'Paste one of your reviews and watch a safe reply being drafted in seconds.',
  link: 'Draft a free reply',
} as const
