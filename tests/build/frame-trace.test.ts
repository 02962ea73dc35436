import { describe, expect, it } from 'vitest'
import { keystrokeFrames, type TraceEvent } from '../../scripts/bench/frame-trace.mjs'

const keydown = (ts: number): TraceEvent => ({ name: 'EventDispatch', ts, args: { data: { type: 'keydown' } } })
const drawn = (ts: number, rect: string): TraceEvent => ({
  name: 'DirectRenderer::DrawFrame ProcessForOverlays',
  ts,
  args: { root_damage_rect: rect },
})
const skipped = (ts: number): TraceEvent => ({ name: 'Draw skipped.', ts })

describe("the bench trace's reading of keystroke frames", () => {
  it("gives the display's first decision after each keydown, before the next one", () => {
    const events = [
      drawn(50, '0,87 390x844'),
      keydown(100),
      { name: 'EventDispatch', ts: 110, args: { data: { type: 'keyup' } } },
      skipped(120),
      drawn(130, '0,87 390x757'),
      keydown(200),
      drawn(220, '53,873 85x20'),
      keydown(300),
    ]
    expect(keystrokeFrames(events)).toEqual(['skipped', '53,873 85x20', null])
  })

  it('reads the events in time order whatever order the trace delivered them in', () => {
    expect(keystrokeFrames([skipped(150), drawn(120, '53,873 15x19'), keydown(100)])).toEqual(['53,873 15x19'])
  })
})
