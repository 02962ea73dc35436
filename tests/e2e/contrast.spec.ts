import { AxeBuilder } from '@axe-core/playwright'
import { expect, gotoHydrated, test } from './fixtures'
import { allPaths } from './pages'

/**
 * Colour contrast (WCAG 1.4.3, AA) where axe cannot decide it. axe rates text on a plain
 * background itself (a violation fails accessibility.spec.ts); text over a gradient, an image, a
 * translucent layer or an overlapping element it leaves "incomplete" (needs review). This spec
 * resolves every such node:
 *
 * 1. axe's `color-contrast` rule lists the incomplete nodes (`nonBmp` ones are icon glyphs that
 *    axe does not rate as text, and are skipped);
 * 2. for each node the page reports its text colour (with its alpha and its ancestors' opacity),
 *    whether it is large text (at least 24 px, or 18.66 px bold: 3:1, else 4.5:1) and the boxes
 *    of its own text (a Range over its text nodes; a form control's content box);
 * 3. all text on the page is made transparent and the whole page is captured: what is left inside
 *    each text box is exactly what the text is painted on, gradients, images and overlays included;
 * 4. the text colour (blended over each pixel when translucent) is compared with every pixel in
 *    its boxes, and the worst pixel must meet the threshold.
 *
 * Reduced motion is on so that the scroll-driven reveal leaves every section at its final opacity
 * in one capture (the same end state a visitor sees once a section has scrolled in).
 */
type Probe = {
  target: string
  fg: [number, number, number, number]
  large: boolean
  boxes: { x: number; y: number; w: number; h: number }[]
}

const widths = [1280, 390] as const

for (const width of widths) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, deviceScaleFactor: 1 })

    for (const path of allPaths) {
      test(`${path}: text axe cannot rate (over gradients, images, overlays) meets AA by its worst background pixel`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await gotoHydrated(page, path)
        await page.waitForLoadState('networkidle')
        const { incomplete } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze()
        const targets = incomplete
          .flatMap((result) => result.nodes)
          .filter((node) => !node.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'nonBmp'))
          .map((node) => node.target.join(' '))

        const probes: Probe[] = await page.evaluate((selectors) => {
          const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
          const rgba = (color: string): [number, number, number, number] => {
            canvas.clearRect(0, 0, 1, 1)
            canvas.fillStyle = '#000'
            canvas.fillStyle = color
            canvas.fillRect(0, 0, 1, 1)
            const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data
            return [r, g, b, a / 255]
          }
          return selectors.flatMap((target) => {
            const el = document.querySelector(target)
            if (!el) return []
            const style = getComputedStyle(el)
            let opacity = 1
            for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity)
            const fg = rgba(style.color)
            fg[3] *= opacity
            const size = Number.parseFloat(style.fontSize)
            const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
            let rects: DOMRect[] = []
            for (const child of el.childNodes) {
              if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue
              const range = document.createRange()
              range.selectNodeContents(child)
              rects.push(...range.getClientRects())
            }
            if (rects.length === 0 && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) {
              const r = el.getBoundingClientRect()
              const px = (p: string) => Number.parseFloat(style.getPropertyValue(p))
              const left = px('border-left-width') + px('padding-left')
              const top = px('border-top-width') + px('padding-top')
              const right = px('border-right-width') + px('padding-right')
              const bottom = px('border-bottom-width') + px('padding-bottom')
              rects = [new DOMRect(r.x + left, r.y + top, r.width - left - right, r.height - top - bottom)]
            }
            const boxes = rects
              // Visually hidden text (sr-only) is clipped to a pixel: nothing is painted.
              .filter((r) => r.width >= 2 && r.height >= 2)
              .map((r) => ({ x: Math.ceil(r.x + scrollX), y: Math.ceil(r.y + scrollY), w: Math.floor(r.width), h: Math.floor(r.height) }))
            return boxes.length ? [{ target, fg, large, boxes }] : []
          })
        }, targets)

        await page.addStyleTag({
          content: `*, *::before, *::after, *::placeholder { color: transparent !important; -webkit-text-fill-color: transparent !important;
            text-shadow: none !important; caret-color: transparent !important; text-decoration-color: transparent !important; }`,
        })
        const shot = (await page.screenshot({ fullPage: true, animations: 'disabled' })).toString('base64')

        // The site's Content-Security-Policy blocks data: URLs, so the pixels are read on a blank page.
        const blank = await page.context().newPage()
        const failures = await blank.evaluate(
          async ({ png, probes }) => {
            const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob())
            const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d', { willReadFrequently: true })!
            ctx.drawImage(bitmap, 0, 0)
            const luminance = (r: number, g: number, b: number) => {
              const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
              return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
            }
            return probes.flatMap(({ target, fg, large, boxes }) => {
              const [fr, fg_, fb, fa] = fg
              let worst = Infinity
              for (const box of boxes) {
                const x = Math.max(0, box.x)
                const y = Math.max(0, box.y)
                const w = Math.min(box.w, bitmap.width - x)
                const h = Math.min(box.h, bitmap.height - y)
                if (w <= 0 || h <= 0) continue
                const data = ctx.getImageData(x, y, w, h).data
                for (let i = 0; i < data.length; i += 4) {
                  const [br = 0, bg = 0, bb = 0] = [data[i], data[i + 1], data[i + 2]]
                  const blend = (f: number, b: number) => f * fa + b * (1 - fa)
                  const text = luminance(blend(fr, br), blend(fg_, bg), blend(fb, bb))
                  const back = luminance(br, bg, bb)
                  const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05)
                  if (ratio < worst) worst = ratio
                }
              }
              const needed = large ? 3 : 4.5
              return worst < needed ? [`${target}: ${worst.toFixed(2)}:1 < ${needed}:1`] : []
            })
          },
          { png: shot, probes },
        )
        await blank.close()
        const unresolved = targets.filter((target) => !probes.some((probe) => probe.target === target))
        expect(unresolved, `${path} at ${width} px: incomplete nodes with no painted text to sample`).toEqual([])
        expect(failures, `${path} at ${width} px: text below AA over its worst background pixel`).toEqual([])
      })
    }
  })
}

test('placeholders meet AA against their field (axe does not rate placeholder text)', async ({ page }) => {
  for (const path of ['/', '/enterprise']) {
    await gotoHydrated(page, path)
    const low = await page.evaluate(() => {
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
      const rgb = (color: string) => {
        canvas.clearRect(0, 0, 1, 1)
        canvas.fillStyle = color
        canvas.fillRect(0, 0, 1, 1)
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)]
      }
      const luminance = (c: number[]) =>
        c
          .map((v) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
          .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0)
      return [...document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')].flatMap((input) => {
        const text = luminance(rgb(getComputedStyle(input, '::placeholder').color))
        const back = luminance(rgb(getComputedStyle(input).backgroundColor))
        const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05)
        return ratio < 4.5 ? [`${input.name}: ${ratio.toFixed(2)}:1`] : []
      })
    })
    expect(low, `${path}: placeholders below 4.5:1`).toEqual([])
  }
})
