import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/chromium.mjs'
import { PHONE } from '../../scripts/bench/first-input.mjs'
import { browserChromeHeight, showWholeViewport } from '../../scripts/bench/whole-viewport.mjs'

// The bench's phone in a headless window: the tab strip and toolbar take the top of the window, so
// without showWholeViewport the display never draws the bottom band of the emulated viewport, and a
// keystroke in a field there waits for some other change to be presented (/vet's name field did).
let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumExecutable, args: CHROMIUM_ARGS })
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

const VIEWPORT_META = '<meta name="viewport" content="width=device-width, initial-scale=1">'

async function phonePage(body = ''): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage()
  await showWholeViewport(browser, page)
  await page.setContent(`${VIEWPORT_META}<body style="margin:0">${body}`)
  return page
}

async function windowHeight(page: Page): Promise<number | undefined> {
  const session = await page.context().newCDPSession(page)
  const { targetInfo } = await session.send('Target.getTargetInfo')
  const browserSession = await browser.newBrowserCDPSession()
  const { bounds } = await browserSession.send('Browser.getWindowForTarget', { targetId: targetInfo.targetId })
  return bounds.height
}

describe('the bench window holds the whole emulated phone viewport', () => {
  it('is as tall as the viewport plus the browser UI, and the page still sees the phone viewport', async () => {
    const page = await phonePage()
    const chrome = await browserChromeHeight(browser)
    expect(await windowHeight(page)).toBe(PHONE.viewport.height + chrome)
    expect(await page.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([PHONE.viewport.width, PHONE.viewport.height])
    await page.context().close()
  }, 60_000)

  it('presents a keystroke in a field at the bottom edge of the viewport', async () => {
    const top = PHONE.viewport.height - 60
    const page = await phonePage(`<input aria-label="Full name" style="position:absolute;top:${top}px;left:16px;width:300px;height:44px">`)
    const field = page.getByLabel('Full name')
    expect(await field.boundingBox()).toMatchObject({ y: top })
    await field.focus()
    await page.keyboard.type('J')
    // Event Timing reports the first input once the frame that shows it is presented.
    const entry = await page.waitForFunction(
      () => {
        const [first] = performance.getEntriesByType('first-input')
        return first ? { name: first.name, duration: first.duration } : null
      },
      undefined,
      { timeout: 5000 },
    )
    const { name, duration } = (await entry.jsonValue()) as { name: string; duration: number }
    expect(name).toBe('keydown')
    expect(duration).toBeLessThan(500)
    await expect(field.inputValue()).resolves.toBe('J')
    await page.context().close()
  }, 60_000)
})
