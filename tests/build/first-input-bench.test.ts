import { describe, expect, it } from 'vitest'
import { FIRST_INPUT_BUDGET_MS, summarizeFirstInput } from '../../scripts/bench/first-input-section.mjs'

const run = (slowest: number, kept = true) => ({ formVisible: 800, hydrated: 2900, scriptAfterPaint: 40, longestTask: 0, slowest, kept })

describe('the first-input row of the bench', () => {
  it('takes the medians of the runs and passes at or under the budget with everything kept', () => {
    const summary = summarizeFirstInput([run(120), { ...run(200), formVisible: 600, hydrated: 3100 }, run(576)])
    expect(summary).toEqual({
      formVisible: 800,
      hydrated: 2900,
      scriptAfterPaint: 40,
      longestTask: 0,
      slowest: 200,
      runs: [120, 200, 576],
      kept: 3,
      ok: true,
    })
    expect(FIRST_INPUT_BUDGET_MS).toBe(200)
  })

  it('fails a route whose median is over the budget, or where any run lost what was typed', () => {
    expect(summarizeFirstInput([run(416), run(632), run(576)])?.ok).toBe(false)
    expect(summarizeFirstInput([run(80), run(90, false), run(100)])).toMatchObject({ kept: 2, ok: false })
  })

  it('has no row without a successful run', () => {
    expect(summarizeFirstInput([])).toBeNull()
  })
})
