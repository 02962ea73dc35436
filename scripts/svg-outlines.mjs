// The site's SVG images with their text drawn as outlines. A browser lays out an <img>'s SVG in a
// document of its own, and its <text> is the expensive part: fonts looked up through the family list
// and shaped, in a task of 20 to 45 ms on the bench's host around the first paint (docs/speed.md).
// As paths the images cost a few milliseconds, and they look the same everywhere: the text is set in
// Inter, the first family the drawings ask for, instead of whatever the visitor's system substitutes.
//
// The drawings are edited in art/images/ with their <text>; `node scripts/svg-outlines.mjs` writes
// each one, outlined, to the same path under public/images/. A unit test
// (tests/build/svg-outlines.test.ts) fails when a committed image is not its source's outline.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import opentype from 'opentype.js'

const root = fileURLToPath(new URL('..', import.meta.url))
export const ART = join(root, 'art', 'images')
export const PUBLIC = join(root, 'public', 'images')

const require = createRequire(import.meta.url)
const WEIGHTS = [400, 500, 600, 700, 800]
let fonts
/** Inter (latin) by weight, read once: opentype.js reads WOFF, not WOFF2. */
function interFonts() {
  fonts ??= new Map(
    WEIGHTS.map((weight) => {
      const file = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)
      const bytes = readFileSync(file)
      return [weight, opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))]
    }),
  )
  return fonts
}

// What a <text> takes from its ancestors, and what it passes on to the paths that replace it.
const INHERITED = ['font-size', 'font-weight', 'fill', 'text-anchor', 'letter-spacing']
const TEXT_ONLY = new Set([
  'x',
  'y',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'letter-spacing',
  'textLength',
  'lengthAdjust',
])

const attributes = (source) => Object.fromEntries([...source.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]))
const decode = (text) =>
  text
    .replace(/&#x([\da-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&')
const weightOf = (value = '400') => {
  const weight = value === 'bold' ? 700 : value === 'normal' ? 400 : Number(value)
  return WEIGHTS.reduce((best, w) => (Math.abs(w - weight) < Math.abs(best - weight) ? w : best))
}
/** A coordinate already rounded to a tenth of a unit (a tenth of a CSS pixel or less where shown), tersely. */
const short = (value) => {
  const text = String(value || 0)
  return text.replace(/^(-?)0\./, '$1.')
}
const numbers = (values) =>
  values.map(short).reduce((out, v) => out + (out && !v.startsWith('-') && !(v.startsWith('.') && /\.\d*$/.test(out)) ? ' ' : '') + v, '')

/** opentype.js's absolute commands as relative ones: about half the bytes of its own toPathData. */
function pathData(commands) {
  let out = ''
  let x = 0
  let y = 0
  let startX = 0
  let startY = 0
  // Relative steps from the rounded pen, so that rounding errors do not add up along a glyph.
  const step = (ax, ay) => {
    const dx = Math.round((ax - x) * 10) / 10
    const dy = Math.round((ay - y) * 10) / 10
    return [dx, dy]
  }
  for (const c of commands) {
    if (c.type === 'Z') {
      out += 'z'
      x = startX
      y = startY
      continue
    }
    const points = c.type === 'C' ? [c.x1, c.y1, c.x2, c.y2, c.x, c.y] : c.type === 'Q' ? [c.x1, c.y1, c.x, c.y] : [c.x, c.y]
    const rel = []
    for (let i = 0; i < points.length; i += 2) rel.push(...step(points[i], points[i + 1]))
    if (c.type === 'L' && rel[0] === 0 && rel[1] === 0) continue
    out += c.type.toLowerCase() + numbers(rel)
    const [dx, dy] = rel.slice(-2)
    x = Math.round((x + dx) * 10) / 10
    y = Math.round((y + dy) * 10) / 10
    if (c.type === 'M') {
      startX = x
      startY = y
    }
  }
  return out
}
const serialize = (attrs) =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('')

/** The runs of a <text>'s content: its own text, or one run per <tspan> (which may set fill or weight). */
function runsOf(inner, style) {
  const runs = []
  const pattern = /<tspan([^>]*)>([^<]*)<\/tspan>|([^<]+)/g
  for (const [, spanAttrs, spanText, plain] of inner.matchAll(pattern)) {
    const own = spanAttrs === undefined ? {} : attributes(spanAttrs)
    const text = decode(spanText ?? plain)
    if (!text) continue
    runs.push({ text, fill: own.fill ?? style.fill, weight: weightOf(own['font-weight'] ?? style['font-weight']) })
  }
  return runs
}

/**
 * One <text> as paths, placed as SVG places it: x, y on the baseline, text-anchor, letter-spacing,
 * kerning, and textLength with lengthAdjust="spacingAndGlyphs" (glyphs and gaps stretched to fit).
 */
export function outlineText(textAttrs, inner, inherited) {
  const style = { ...inherited, ...Object.fromEntries(INHERITED.filter((k) => k in textAttrs).map((k) => [k, textAttrs[k]])) }
  const size = Number(style['font-size'] ?? 16)
  const spacing = Number(style['letter-spacing'] ?? 0)
  const runs = runsOf(inner, style)
  // Each glyph's pen position from the start of the line, kerning and letter-spacing included.
  const glyphs = []
  let pen = 0
  let previous
  for (const run of runs) {
    const font = interFonts().get(run.weight)
    const scale = size / font.unitsPerEm
    // One glyph per character: no shaping (Latin text; opentype.js cannot run all of Inter's lookups).
    for (const glyph of Array.from(run.text, (char) => font.charToGlyph(char))) {
      if (previous && previous.font === font) pen += font.getKerningValue(previous.glyph, glyph) * scale
      glyphs.push({ run, font, glyph, x: pen })
      pen += glyph.advanceWidth * scale + spacing
      previous = { font, glyph }
    }
  }
  const natural = pen
  const length = textAttrs.textLength === undefined ? natural : Number(textAttrs.textLength)
  const stretch = natural > 0 ? length / natural : 1
  const anchor = style['text-anchor'] ?? 'start'
  const x = Number(textAttrs.x ?? 0) - (anchor === 'middle' ? length / 2 : anchor === 'end' ? length : 0)
  const y = Number(textAttrs.y ?? 0)

  const byFill = new Map()
  for (const { run, glyph, x: at } of glyphs) {
    const { commands } = glyph.getPath(0, y, size)
    for (const command of commands) {
      for (const key of ['x', 'x1', 'x2']) if (key in command) command[key] = x + (at + command[key]) * stretch
    }
    byFill.set(run.fill, [...(byFill.get(run.fill) ?? []), ...commands])
  }
  // What the <text> carried besides text layout (class, opacity, its own fill) stays on the result.
  const kept = Object.fromEntries(Object.entries(textAttrs).filter(([name]) => !TEXT_ONLY.has(name) && name !== 'fill'))
  const paths = [...byFill].map(([fill, data]) => {
    const ownFill = fill !== undefined && (fill !== inherited.fill || 'fill' in textAttrs) ? { fill } : {}
    return { ...ownFill, d: pathData(data) }
  })
  if (paths.length === 1) return `<path${serialize({ ...kept, ...paths[0] })}/>`
  return `<g${serialize(kept)}>${paths.map((attrs) => `<path${serialize(attrs)}/>`).join('')}</g>`
}

/** An SVG document with every <text> replaced by its outline; everything else is left as written. */
export function outlineSvg(svg) {
  const stack = [{}]
  let out = ''
  let at = 0
  // Comments, style and title first: their content is not markup.
  const tag = /<!--[\s\S]*?-->|<style>[\s\S]*?<\/style>|<title>[\s\S]*?<\/title>|<(\/?)([\w:-]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g
  for (let match; (match = tag.exec(svg));) {
    const [, closing, name, attrs = '', selfClosing] = match
    if (!name) continue
    if (name === 'text' && !closing) {
      const end = svg.indexOf('</text>', tag.lastIndex)
      if (end < 0) throw new Error('<text> without </text>')
      out += svg.slice(at, match.index) + outlineText(attributes(attrs), svg.slice(tag.lastIndex, end), stack.at(-1))
      at = tag.lastIndex = end + '</text>'.length
      continue
    }
    if (closing) stack.pop()
    else if (!selfClosing) {
      const own = attributes(attrs)
      stack.push({ ...stack.at(-1), ...Object.fromEntries(INHERITED.filter((k) => k in own).map((k) => [k, own[k]])) })
    }
  }
  return out + svg.slice(at)
}

/** Every SVG under `root`, relative to it (art/images/ by default: every drawing). */
export function svgFiles(root = ART, dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? svgFiles(root, join(dir, entry.name))
      : entry.name.endsWith('.svg')
        ? [relative(root, join(dir, entry.name))]
        : [],
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of svgFiles()) {
    const target = join(PUBLIC, file)
    mkdirSync(dirname(target), { recursive: true })
    const outlined = outlineSvg(readFileSync(join(ART, file), 'utf8'))
    writeFileSync(target, outlined)
    console.log(`public/images/${file}: ${outlined.length} B`)
  }
}
