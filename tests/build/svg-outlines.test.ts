import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ART, PUBLIC, outlineSvg, outlineText, svgFiles } from '../../scripts/svg-outlines.mjs'

/** The x extent of a relative path's points, control points included (near enough for placement checks). */
function xExtent(d: string) {
  const xs: number[] = []
  let pen = 0
  let start = 0
  for (const [, command, args] of d.matchAll(/([mlqcz])([^mlqcz]*)/g)) {
    if (command === 'z') {
      pen = start
      continue
    }
    const values = [...args!.matchAll(/-?(?:\d+\.?\d*|\.\d+)/g)].map(([n]) => Number(n))
    const dxs = values.filter((_, i) => i % 2 === 0)
    xs.push(...dxs.map((dx) => pen + dx))
    pen += dxs.at(-1)!
    if (command === 'm') start = pen
  }
  return { min: Math.min(...xs), max: Math.max(...xs) }
}
const pathData = (svg: string) => [...svg.matchAll(/ d="([^"]+)"/g)].map(([, d]) => d!).join('')

describe('SVG images with their text as outlines (scripts/svg-outlines.mjs)', () => {
  it('serves no SVG image with <text> in it', () => {
    const withText = svgFiles(PUBLIC).filter((file) => /<text[\s>]/.test(readFileSync(join(PUBLIC, file), 'utf8')))
    expect(withText).toEqual([])
  })

  it.each(svgFiles())('public/images/%s is the outline of its drawing in art/images/ as it is now', (file: string) => {
    const source = readFileSync(join(ART, file), 'utf8')
    expect(source).toMatch(/<text[\s>]/)
    expect(readFileSync(join(PUBLIC, file), 'utf8'), 'run `node scripts/svg-outlines.mjs`').toBe(outlineSvg(source))
  })

  it('keeps everything but the text as written', () => {
    const svg = '<svg viewBox="0 0 100 40"><!-- <text>no</text> --><rect width="10" height="10"/><text x="5" y="30">Hi</text></svg>'
    const outlined = outlineSvg(svg)
    expect(outlined.startsWith('<svg viewBox="0 0 100 40"><!-- <text>no</text> --><rect width="10" height="10"/><path d="m')).toBe(true)
    expect(outlined.endsWith('"/></svg>')).toBe(true)
  })

  it('anchors the line at x: start, middle and end', () => {
    const extent = (anchor: string) =>
      xExtent(outlineText({ x: '100', y: '50', 'text-anchor': anchor }, 'Hello', { 'font-size': '20' }).match(/ d="([^"]+)"/)![1]!)
    const start = extent('start')
    const middle = extent('middle')
    const end = extent('end')
    expect(start.min).toBeGreaterThanOrEqual(100)
    expect(start.min).toBeLessThan(103)
    expect(end.max).toBeLessThanOrEqual(100)
    expect(end.max).toBeGreaterThan(97)
    expect(Math.abs((middle.min + middle.max) / 2 - 100)).toBeLessThan(2)
  })

  it('stretches the line to textLength and grows with font-size', () => {
    const width = (attrs: Record<string, string>, inherited: Record<string, string> = {}) => {
      const { min, max } = xExtent(pathData(outlineText({ x: '0', y: '20', ...attrs }, 'ReviewLift', inherited)))
      return max - min
    }
    expect(width({ textLength: '200', lengthAdjust: 'spacingAndGlyphs', 'font-size': '22' })).toBeCloseTo(200, -1)
    expect(width({ textLength: '200', lengthAdjust: 'spacingAndGlyphs', 'font-size': '22' })).toBeGreaterThan(width({ 'font-size': '22' }))
    expect(width({}, { 'font-size': '32' })).toBeCloseTo(width({ 'font-size': '16' }) * 2, 0)
  })

  it('gives each tspan its own fill and leaves an inherited fill to the parent', () => {
    const spans = outlineText({ x: '0', y: '20' }, '<tspan fill="#0f172a">Review</tspan><tspan fill="#1f5ae0">Lift</tspan>', {})
    expect([...spans.matchAll(/fill="([^"]+)"/g)].map(([, fill]) => fill)).toEqual(['#0f172a', '#1f5ae0'])
    const inherited = outlineText({ x: '0', y: '20' }, 'Hi', { fill: '#f59e0b' })
    expect(inherited).not.toContain('fill=')
    expect(outlineText({ x: '0', y: '20', fill: '#fff', class: 'fa' }, 'Hi', {})).toMatch(/^<path class="fa" fill="#fff" d="m/)
  })

  it('reads bold text from the bold face, and entities as their characters', () => {
    const regular = pathData(outlineText({ x: '0', y: '20' }, 'A', {}))
    const bold = pathData(outlineText({ x: '0', y: '20', 'font-weight': '800' }, 'A', {}))
    expect(bold).not.toBe(regular)
    expect(pathData(outlineText({ x: '0', y: '20' }, '&amp;', {}))).toBe(pathData(outlineText({ x: '0', y: '20' }, '&', {})))
  })
})
