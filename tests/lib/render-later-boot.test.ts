// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import renderLaterBoot from '@/lib/render-later-boot?boot'

// The inline boot as the page runs it (the bundled script).
const runBoot = () => new Function(renderLaterBoot())()
const rendered = () => [...document.querySelectorAll('section')].map((section) => section.hasAttribute('data-rendered'))

let idle: Array<() => void> = []
const runIdle = () => idle.shift()?.()

beforeEach(() => {
  idle = []
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
  document.body.innerHTML = '<section data-render-later></section><section></section><section data-render-later></section>'
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('the render-later boot', () => {
  it('waits for the page to load, then renders one marked section per idle period', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    runBoot()
    expect(idle).toHaveLength(0)
    window.dispatchEvent(new Event('load'))
    expect(rendered()).toEqual([false, false, false])
    runIdle()
    expect(rendered()).toEqual([true, false, false])
    runIdle()
    expect(rendered()).toEqual([true, false, true])
    runIdle()
    expect(idle).toHaveLength(0)
  })

  it('starts at once on a page that has already loaded, and leaves unmarked sections alone', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
    runBoot()
    while (idle.length) runIdle()
    expect(rendered()).toEqual([true, false, true])
  })

  it('falls back to a timer where the browser has no idle callbacks', () => {
    vi.unstubAllGlobals()
    vi.useFakeTimers()
    const original = window.requestIdleCallback
    // @ts-expect-error: a browser without requestIdleCallback (Safari)
    delete window.requestIdleCallback
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
    runBoot()
    vi.runAllTimers()
    expect(rendered()).toEqual([true, false, true])
    if (original) window.requestIdleCallback = original
    vi.useRealTimers()
  })
})
