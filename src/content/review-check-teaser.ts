/** The band that leads to the free review check, on the home and veterinary pages (kept apart from
 * the check's own copy so those pages do not load it). */
export const reviewCheckTeaser = {
  title: 'How do you stack up locally?',
  text: 'See your Google rating against the nearby businesses of your kind, and how many 5-star reviews would lift you, in ten seconds. No email asked.',
  link: 'Check your reviews free',
}
