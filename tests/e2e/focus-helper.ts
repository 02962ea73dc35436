import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * What has keyboard focus now, and whether the browser draws an indicator around it: an outline
 * (not `none`, wider than 0, not transparent) or a ring-like box-shadow (a visible colour with a
 * positive spread, as Tailwind's `ring-*` draws). A plain drop shadow does not count.
 *
 * `indicatorContrast` is the best contrast ratio (WCAG 1.4.11 wants 3:1) between an indicator's
 * colour and the background it is drawn on: the first opaque background colour among the
 * element's ancestors (both an outline with an offset and a ring sit outside the element). Colours
 * are normalised to sRGB through a canvas, so any CSS colour syntax (oklch included) is read.
 * Gradients and images behind the indicator are not sampled.
 */
export function focusState(page: Page) {
  return page.evaluate(async () => {
    const el = document.activeElement
    if (!el || el === document.body || el === document.documentElement) return null
    // Read the indicator as it ends up, not halfway through a colour transition.
    await Promise.all(el.getAnimations().map((animation) => animation.finished.catch(() => undefined)))
    const style = getComputedStyle(el)
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
    const rgba = (color: string): [number, number, number, number] => {
      canvas.clearRect(0, 0, 1, 1)
      canvas.fillStyle = '#000'
      canvas.fillStyle = color
      canvas.fillRect(0, 0, 1, 1)
      const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data
      return [r, g, b, a / 255]
    }
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c = 0) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }
    const contrast = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
      return (hi + 0.05) / (lo + 0.05)
    }
    let background = [255, 255, 255]
    for (let node = el.parentElement; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor)
      if (color[3] >= 0.9) {
        background = color.slice(0, 3)
        break
      }
    }
    const indicators: string[] = []
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) indicators.push(style.outlineColor)
    for (const [, color = '', spread = '0'] of style.boxShadow.matchAll(
      /((?:rgba?|oklch|oklab|color)\([^)]*\))\s+-?[\d.]+px\s+-?[\d.]+px\s+-?[\d.]+px\s+(-?[\d.]+)px/g,
    )) {
      if (Number.parseFloat(spread) > 0) indicators.push(color)
    }
    const visible = indicators.map(rgba).filter((color) => color[3] > 0)
    const indicatorContrast = Math.max(0, ...visible.map((color) => contrast(color, background)))
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)
    return {
      tag: el.tagName.toLowerCase(),
      name,
      inHeaderNav: Boolean(el.closest('header nav[aria-label="Main"]')),
      visibleFocus: visible.length > 0,
      indicatorContrast: Math.round(indicatorContrast * 100) / 100,
      describe: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`,
    }
  })
}

export type TabStop = NonNullable<Awaited<ReturnType<typeof focusState>>>

/**
 * Presses Tab through the page's tab order (bounded by `limit`) and returns each stop's focus
 * state. The walk ends when focus leaves the document, enters an iframe or wraps to the first stop.
 */
export async function tabStops(page: Page, limit = 120): Promise<TabStop[]> {
  const stops: TabStop[] = []
  let first: string | undefined
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const state = await focusState(page)
    if (!state || state.tag === 'iframe' || state.describe === first) break
    first ??= state.describe
    stops.push(state)
  }
  return stops
}

/** Each Tab stop shows an indicator, and the indicator stands out 3:1 from what is around it. */
export async function expectVisibleFocus(page: Page, where: string, minStops = 3) {
  const stops = await tabStops(page)
  expect(stops.length, `${where} has Tab stops`).toBeGreaterThanOrEqual(minStops)
  expect(
    stops.filter((s) => !s.visibleFocus || s.indicatorContrast < 3).map((s) => `${s.describe} (${s.indicatorContrast}:1)`),
    `${where}: Tab stops without a focus indicator of 3:1`,
  ).toEqual([])
}
