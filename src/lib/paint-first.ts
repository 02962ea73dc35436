// The production page loads its script only after its first paint. The prerendered HTML and CSS
// are the page a visitor sees and can use (links, native form posts, what is typed is kept), so
// the script does not compete with them for a slow phone's bandwidth and CPU; it starts when the
// browser reports the first contentful paint (a `paint` performance entry, timed when the frame
// reaches the screen; where that is not supported, the second animation frame). The build lists
// the page's modules in <meta name="app-modules"> (scripts/preload-links.mjs); they are preloaded
// together so the entry's imports do not cascade. A hidden page (background tab, prerender) has no
// frames, so it loads at once, and a backstop starts the load if no paint comes within 3 s.
//
// Inline in the head, bundled into the page by scripts/boot-scripts.mjs. It does not wait for
// `DOMContentLoaded`: on a slow phone the parser shares the main thread with the document's style
// and layout frames, and the rest of the page was parsed 1.5 s or more after the first paint, so
// the script was requested that late (issue 45). The entry may then run before the document is
// parsed; it builds what it can and hydrates once it is (entry-client.tsx).
const PER_TASK = 5

export default function paintFirst(entry: string) {
  let started = false
  const preload = (hrefs: string[]) => {
    const fragment = document.createDocumentFragment()
    for (const href of hrefs) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      fragment.appendChild(link)
    }
    return fragment
  }
  const go = () => {
    if (started) return
    started = true
    const list = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')
    const hrefs = list ? list.content.split(' ').filter(Boolean) : []
    // Starting a request costs the main thread about a millisecond (more with DevTools open, as in
    // Lighthouse): twenty in one task made it a long one. So the modules go a few per task, and the
    // entry with the last few: every module is then requested before the entry, which cannot arrive
    // and run before its imports are on their way (on a fast network it could, between two tasks).
    const next = () => {
      const batch = preload(hrefs.splice(0, PER_TASK))
      if (!hrefs.length) {
        const script = document.createElement('script')
        script.type = 'module'
        script.src = entry
        batch.appendChild(script)
      }
      document.head.appendChild(batch)
      if (hrefs.length) setTimeout(next)
    }
    next()
  }
  const afterPaint = () => {
    // The list of modules closes the head, after this script: a hidden page waits for it.
    if (document.visibilityState === 'hidden') {
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go)
      else go()
      return
    }
    const Observer = window.PerformanceObserver as typeof PerformanceObserver | undefined
    const paintTiming = Boolean(Observer?.supportedEntryTypes?.includes('paint'))
    // The paint entry is in the timeline from the frame after the paint reached the screen; the
    // observer's callback is a low-priority task that on the bench's phone came 100 to 400 ms later,
    // after the parser's next chunks and their frames. So each frame looks for it and the script
    // starts in the task after. (A frame that merely has the form may not paint it yet: text waits
    // for its font, and the script would then compete with the first paint, decision 011.) Without
    // paint timing, the first frame that has a form to show (every landing page opens on one).
    const frame = () => {
      if (started) return
      if (paintTiming ? performance.getEntriesByName('first-contentful-paint').length > 0 : document.forms.length > 0) setTimeout(go)
      else requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
    if (paintTiming && Observer) {
      new Observer((entries, observer) => {
        if (!entries.getEntriesByName('first-contentful-paint').length) return
        observer.disconnect()
        go()
      }).observe({ type: 'paint', buffered: true })
    } else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go)))
  }
  afterPaint()
  setTimeout(go, 3000)
}
