// A Chromium trace of one first-input run, read for what the display did with each keystroke's
// frame: drawn (with its damage rect) or skipped for lack of visible damage (decision 016).

/** Categories enough to follow a frame from the renderer's commit to the display's draw. */
export const FRAME_TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'cc',
  'viz',
  'benchmark',
  'blink',
  'loading',
  'input',
  'latencyInfo',
].join(',')

const DRAWN = 'DirectRenderer::DrawFrame ProcessForOverlays'
const SKIPPED = 'Draw skipped.'

/**
 * For each keydown the page dispatched, the display's first decision after it (before the next
 * keydown): the damage rect it drew, 'skipped', or null when it did neither.
 */
export function keystrokeFrames(events) {
  const keys = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts)
  const draws = events.filter((e) => e.name === DRAWN || e.name === SKIPPED).sort((a, b) => a.ts - b.ts)
  return keys.map((key, i) => {
    const next = keys[i + 1]?.ts ?? Infinity
    const first = draws.find((d) => d.ts > key.ts && d.ts < next)
    if (!first) return null
    return first.name === SKIPPED ? 'skipped' : (first.args?.root_damage_rect ?? 'drawn')
  })
}
