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

const times = (ids) => ids.reduce((counts, id) => counts.set(id, (counts.get(id) ?? 0) + 1), new Map())
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`
const idList = (ids) => (ids.length > 8 ? `${ids.slice(0, 8).join(', ')}, … (${ids.length})` : ids.join(', '))

/**
 * One channel that must carry each of `expected` exactly once, from the ids its deliveries name:
 * `<name>: N expected, N delivered, N lost, N duplicated (N answers lost)`. `lostAnswers` is how
 * many calls the fake took and left unanswered there, which the sender must not turn into copies.
 */
export function channelReport(name, expected, deliveredIds, lostAnswers = 0) {
  const counts = times(deliveredIds)
  const delivered = [...expected].filter((id) => counts.has(id)).length
  const duplicated = [...counts].reduce((sum, [id, n]) => sum + (expected.has(id) ? n - 1 : n), 0)
  const lost = expected.size - delivered
  return {
    name,
    lost,
    duplicated,
    ok: lost === 0 && duplicated === 0,
    line: `${name}: ${expected.size} expected, ${delivered} delivered, ${lost} lost, ${duplicated} duplicated (${plural(lostAnswers, 'answer')} lost)`,
  }
}

/**
 * A chat webhook cannot tell a repeat, so a message whose answer was lost is sent again: each such
 * resend is counted and traced to a lost answer for the same id. A resend with no lost answer
 * before it is a duplicate. `lostIds` names the id of each message taken and left unanswered.
 */
export function chatReport(name, expected, deliveredIds, lostIds) {
  const counts = times(deliveredIds)
  const lostCounts = times(lostIds)
  const delivered = [...expected].filter((id) => counts.has(id)).length
  const lost = expected.size - delivered
  const traced = []
  const untraced = []
  for (const [id, n] of counts) {
    const resends = expected.has(id) ? n - 1 : n
    const explained = Math.min(resends, lostCounts.get(id) ?? 0)
    for (let i = 0; i < explained; i++) traced.push(id)
    for (let i = explained; i < resends; i++) untraced.push(id)
  }
  const resends = traced.length + untraced.length
  const tracedText = untraced.length
    ? `${untraced.length} of them after no lost answer (duplicated): ids ${idList(untraced)}`
    : `each after a lost answer${traced.length ? `: ids ${idList(traced)}` : ''}`
  return {
    name,
    lost,
    duplicated: untraced.length,
    resends,
    ok: lost === 0 && untraced.length === 0,
    line: `${name}: ${expected.size} expected, ${delivered} delivered, ${lost} lost, ${plural(resends, 'resend')}${resends ? `, ${tracedText}` : ''} (${plural(lostIds.length, 'answer')} lost)`,
  }
}

/** Each kind of call, by how many times its answer was lost: `customers.create:2 invoices.send:1`. */
export const lostByKind = (lostAnswers, kindOf) => list(Object.fromEntries(times(lostAnswers.map(kindOf)))) || 'none'
