// Runs inside the page before any of its scripts (context.addInitScript): records paint, layout-shift
// and long-task entries as the browser reports them, and the moment the root marks the document
// hydrated (html[data-hydrated="true"], set once the shell and every deferred part have hydrated)
// and the moment the shell alone had hydrated (the `shell-hydrated` performance mark): interactive.
/* global window, document, performance, PerformanceObserver, MutationObserver */
export function pageProbe() {
  if (window.top !== window) return
  const probe = { fcp: null, lcp: null, lcpElement: null, shifts: [], longTasks: [], hydrated: null, interactive: null }
  window.__bench = probe
  const describe = (el) => {
    if (!el) return null
    const id = el.id ? `#${el.id}` : ''
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''
    const src = el.currentSrc || el.getAttribute?.('src')
    return `${el.tagName.toLowerCase()}${id}${cls}${src ? `[src=${src}]` : ''}`
  }
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true })
    } catch {
      /* entry type not supported */
    }
  }
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') probe.fcp = e.startTime
  })
  observe('largest-contentful-paint', (e) => {
    probe.lcp = e.startTime
    probe.lcpElement = describe(e.element)
  })
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) probe.shifts.push({ start: e.startTime, value: e.value })
  })
  observe('longtask', (e) => probe.longTasks.push({ start: e.startTime, duration: e.duration }))
  observe('mark', (e) => {
    if (e.name === 'shell-hydrated') probe.interactive = e.startTime
  })

  let resolveHydrated
  probe.whenHydrated = new Promise((resolve) => (resolveHydrated = resolve))
  const check = () => {
    if (probe.hydrated === null && document.documentElement?.dataset.hydrated === 'true') {
      probe.hydrated = performance.now()
      resolveHydrated(probe.hydrated)
      watcher.disconnect()
    }
  }
  const watcher = new MutationObserver(check)
  watcher.observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
}
