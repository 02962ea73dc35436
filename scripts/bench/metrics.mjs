// Pure figures from what the page probe and the network log recorded (no browser here).

export const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (!sorted.length) return NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export const range = (values) => {
  const finite = values.filter((v) => Number.isFinite(v))
  return finite.length ? [Math.min(...finite), Math.max(...finite)] : [NaN, NaN]
}

/** CLS as Chrome defines it: the largest session window (shifts < 1 s apart, window ≤ 5 s). */
export function cumulativeLayoutShift(shifts) {
  let worst = 0
  let current = 0
  let first = -Infinity
  let last = -Infinity
  for (const { start, value } of [...shifts].sort((a, b) => a.start - b.start)) {
    if (start - last > 1000 || start - first > 5000) {
      current = 0
      first = start
    }
    current += value
    last = start
    worst = Math.max(worst, current)
  }
  return worst
}

/** TBT: for each long task, the part over 50 ms that falls between FCP and the window end. */
export function totalBlockingTime(longTasks, fcp, end) {
  let total = 0
  for (const { start, duration } of longTasks) {
    const from = Math.max(start, fcp)
    const to = Math.min(start + duration, end)
    if (to - from > 50) total += to - from - 50
  }
  return total
}
