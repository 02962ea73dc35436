// The /confirm page, where a registrant confirms their e-mail address from the link we sent
// (issue 35.2, docs/decisions/022-address-confirmation.md).
export const emailConfirmationCopy = {
  eyebrow: 'Enterprise registration',
  title: 'Confirm Your E-mail Address',
  intro: 'Press the button to confirm that this e-mail address is yours. Then we send your welcome e-mail and your invoice.',
  /** Prerendered, and without JavaScript: the button needs it; the phone does not. */
  needsScript: 'The confirm button needs JavaScript. If you cannot use it, call us and we will confirm your address for you:',
  confirm: 'Confirm my e-mail address',
  confirming: 'Confirming your e-mail address…',
  newLink: 'Send me a new link',
  sendingLink: 'Sending a new link…',
  tryAgain: 'Try again',
  results: {
    confirmed: {
      title: 'Thank you, your e-mail address is confirmed',
      text: 'Your welcome e-mail and your invoice are on their way to your inbox.',
    },
    alreadyConfirmed: {
      title: 'Your e-mail address is already confirmed',
      text: 'There is nothing more to do: your welcome e-mail and your invoice have been sent.',
    },
    expired: {
      title: 'This link has expired',
      text: 'A link works for 48 hours. We can send you a new one, or you can call us:',
    },
    linkSent: {
      title: 'A new link is on its way',
      text: 'Open it from your inbox within 48 hours and press the button on the page.',
    },
    linkLimited: {
      title: 'We sent a link to this address today',
      text: 'We send one link a day. Please use the one in your inbox, try again tomorrow, or call us:',
    },
    invalid: {
      title: 'This link does not work',
      text: 'Please open the whole link from our e-mail, or call us and we will confirm your address for you:',
    },
    failed: {
      title: 'We could not confirm your address just now',
      text: 'Please try again in a minute, or call us:',
    },
  },
} as const
