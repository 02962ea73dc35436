// Headless Chromium (the full browser since the old headless mode was removed) keeps its tab strip
// and toolbar inside the window, and Playwright sizes that window to the emulated viewport. The page
// still lays out and paints the whole viewport, but the display only shows the window's content
// area: the bottom band as tall as the browser's own UI is never drawn. A frame whose only change
// lies in that band is skipped by the display ("Draw skipped." in a trace), so its presentation,
// which Event Timing and paint timing wait for, only comes with the next frame that changes
// something visible. On a 390x844 phone that band is 757-844 px, where /vet's name field sits.
// No phone hides part of its viewport, so the bench grows the window to hold all of it.

const chromeHeights = new WeakMap()

/** The height of the browser's own UI in a headless window: an unemulated page's outer minus inner height. */
export async function browserChromeHeight(browser) {
  if (!chromeHeights.has(browser)) {
    const measured = (async () => {
      const context = await browser.newContext({ viewport: null })
      try {
        const page = await context.newPage()
        return await page.evaluate(() => Math.max(0, window.outerHeight - window.innerHeight))
      } finally {
        await context.close().catch(() => {})
      }
    })()
    chromeHeights.set(browser, measured)
  }
  return chromeHeights.get(browser)
}

/** Grows `page`'s window so its content area holds the context's whole emulated viewport. */
export async function showWholeViewport(browser, page) {
  const viewport = page.viewportSize()
  if (!viewport) return
  const chrome = await browserChromeHeight(browser)
  const session = await page.context().newCDPSession(page)
  const { targetInfo } = await session.send('Target.getTargetInfo')
  await session.detach().catch(() => {})
  const browserSession = await browser.newBrowserCDPSession()
  try {
    const { windowId, bounds } = await browserSession.send('Browser.getWindowForTarget', { targetId: targetInfo.targetId })
    const height = viewport.height + chrome
    if ((bounds.height ?? 0) < height) await browserSession.send('Browser.setWindowBounds', { windowId, bounds: { height } })
  } finally {
    await browserSession.detach().catch(() => {})
  }
}
