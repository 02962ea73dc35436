/** The sentence around the sales phone link: the words before the number and, optionally, after it. */
export type CallUsLine = { before: string; after?: string }
