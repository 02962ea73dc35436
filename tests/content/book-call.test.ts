import { describe, expect, it } from 'vitest'
import { bookCallCopy } from '@/content/book-call'

// Every booking dialog leads to the Congrats dialog first, and its Schedule Your Call to the calendar.
describe('Book a call copy', () => {
  it.each(Object.entries(bookCallCopy))('%s: promises the calendar after the details, never a next page', (_context, copy) => {
    expect(copy.text).not.toMatch(/next page/i)
    expect(copy.text).toMatch(/^Leave your details; once we have them, you can pick a time .*in our calendar/)
  })
})
