import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scrollToHashTarget } from '@/lib/hash-scroll'

// A hash link whose target comes with a part that is still loading (/#services) scrolls once it is there.
describe('scrollToHashTarget', () => {
  const scrolled: string[] = []
  beforeEach(() => {
    vi.useFakeTimers()
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id)
    }
  })
  afterEach(() => {
    vi.useRealTimers()
    scrolled.length = 0
    document.body.innerHTML = ''
  })

  const addSection = (id: string) => {
    const section = document.createElement('section')
    section.id = id
    document.body.append(section)
  }

  it('scrolls to the target when it arrives after the page has rendered', async () => {
    scrollToHashTarget('services')
    expect(scrolled).toEqual([])
    addSection('services')
    await vi.waitFor(() => expect(scrolled).toEqual(['services']))
    addSection('other')
    await Promise.resolve()
    expect(scrolled).toEqual(['services'])
  })

  it('leaves a target that is already there to the router', async () => {
    addSection('services')
    scrollToHashTarget('#services')
    await Promise.resolve()
    expect(scrolled).toEqual([])
  })

  it('gives up after a while, and when cancelled (the visitor moved on)', async () => {
    scrollToHashTarget('late')
    vi.advanceTimersByTime(5_000)
    addSection('late')
    const cancel = scrollToHashTarget('cancelled')
    cancel()
    addSection('cancelled')
    await Promise.resolve()
    await Promise.resolve()
    expect(scrolled).toEqual([])
  })
})
