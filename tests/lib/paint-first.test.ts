// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import paintFirstBoot from '@/lib/paint-first?boot'

// The inline boot as the page runs it (the bundled script).
const runBoot = () => new Function(paintFirstBoot('/assets/app.js'))()
const loaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"], script[type="module"]')].map(
    (element) => element.getAttribute('href') ?? `script ${element.getAttribute('src')}`,
  )

afterEach(() => {
  document.head.innerHTML = ''
  vi.useRealTimers()
})

describe('the paint-first boot', () => {
  it('preloads the page’s modules with the entry at once when the page is hidden, and only once', () => {
    vi.useFakeTimers()
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    document.head.innerHTML = '<meta name="app-modules" content="/assets/a.js /assets/b.js">'
    runBoot()
    expect(loaded()).toEqual(['/assets/a.js', '/assets/b.js', 'script /assets/app.js'])
    vi.advanceTimersByTime(3000)
    expect(loaded()).toHaveLength(3)
  })

  it('preloads the modules a few per task, and starts the entry with the last few', () => {
    vi.useFakeTimers()
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const modules = Array.from({ length: 12 }, (_, i) => `/assets/m${i}.js`)
    document.head.innerHTML = `<meta name="app-modules" content="${modules.join(' ')}">`
    runBoot()
    expect(loaded()).toEqual(modules.slice(0, 5))
    vi.advanceTimersToNextTimer()
    expect(loaded()).toEqual(modules.slice(0, 10))
    vi.runAllTimers()
    expect(loaded()).toEqual([...modules, 'script /assets/app.js'])
  })

  it('starts at the first paint while the document is still being parsed, not at DOMContentLoaded (issue 45)', () => {
    vi.useFakeTimers()
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    let paint: (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void = () => {}
    class Observer {
      static supportedEntryTypes = ['paint']
      constructor(callback: typeof paint) {
        paint = callback
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', Observer)
    document.head.innerHTML = '<meta name="app-modules" content="/assets/a.js">'
    runBoot()
    expect(loaded()).toEqual([])
    paint({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect() {} })
    expect(loaded()).toEqual(['/assets/a.js', 'script /assets/app.js'])
    vi.unstubAllGlobals()
  })

  it('starts in the task after the first frame that finds the first contentful paint in the timeline, before the observer reports it (issue 45)', () => {
    vi.useFakeTimers()
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
    class Observer {
      static supportedEntryTypes = ['paint']
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', Observer)
    let painted: unknown[] = []
    vi.spyOn(performance, 'getEntriesByName').mockImplementation(() => painted as PerformanceEntryList)
    document.head.innerHTML = '<meta name="app-modules" content="/assets/a.js">'
    const nextFrame = (time: number) => frames.splice(0).forEach((callback) => callback(time))
    runBoot()
    // A frame with the form that has not painted it yet (its text waits for the font) starts nothing.
    document.body.innerHTML = '<form></form>'
    nextFrame(0)
    vi.advanceTimersByTime(0)
    expect(loaded()).toEqual([])
    painted = [{ name: 'first-contentful-paint' }]
    nextFrame(16)
    vi.advanceTimersByTime(0)
    expect(loaded()).toEqual(['/assets/a.js', 'script /assets/app.js'])
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
  })

  it('without paint timing, starts right after the first animation frame that has a form to show', () => {
    vi.useFakeTimers()
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
    vi.stubGlobal('PerformanceObserver', undefined)
    document.head.innerHTML = '<meta name="app-modules" content="/assets/a.js">'
    const nextFrame = (time: number) => frames.splice(0).forEach((callback) => callback(time))
    runBoot()
    nextFrame(0)
    expect(loaded()).toEqual([])
    document.body.innerHTML = '<form></form>'
    nextFrame(16)
    vi.advanceTimersByTime(0)
    expect(loaded()).toEqual(['/assets/a.js', 'script /assets/app.js'])
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
  })

  it('loads the entry alone by the backstop when no paint is reported', () => {
    vi.useFakeTimers()
    vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(0)
    runBoot()
    expect(loaded()).toEqual([])
    vi.advanceTimersByTime(3000)
    expect(loaded()).toEqual(['script /assets/app.js'])
  })
})
