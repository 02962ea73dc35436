// What the load benches (`npm run bench:leads`, `npm run bench:registrations`) share: a seeded
// generator (the same faults on every run), a seeded fault picker, percentiles and report lines.

export function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** `key:n key:n`, for counts by status or by fault. */
export const list = (counts) =>
  Object.entries(counts)
    .map(([key, n]) => `${key}:${n}`)
    .join(' ')

/**
 * A picker that fails `share` of the calls, spread evenly over `kinds`, and counts each fault it
 * chose in `counted` (by kind). Undefined means the call succeeds.
 */
export function faultPicker(random, share, kinds, counted = {}) {
  const pick = () => {
    const r = random()
    if (r >= share) return undefined
    const fault = kinds[Math.floor((r / share) * kinds.length)]
    counted[fault] = (counted[fault] ?? 0) + 1
    return fault
  }
  return Object.assign(pick, { counted })
}
