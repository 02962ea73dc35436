// Named failure and latency scenarios for offline testers: `?mock=lead-error` switches one on for
// the tab (kept in sessionStorage across navigation), `?mock=off` switches it off.
export const SCENARIOS = [
  'lead-error',
  'lead-limited',
  'registration-error',
  'registration-duplicate',
  'registration-limited',
  'registration-lost',
  'places-down',
  'slow',
  'calendar-down',
  'check-limited',
  'check-down',
  'check-cap',
  'reply-limited',
  'reply-down',
  'reply-slow',
  'confirm-expired',
  'confirm-used',
  'confirm-limited',
  'confirm-down',
  'turnstile-blocked',
  'turnstile-failed',
  'turnstile-challenge',
] as const
export type Scenario = (typeof SCENARIOS)[number]

const KEY = 'mock-scenario'

const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)

export function scenarioFromUrl(search: string): void {
  const wanted = new URLSearchParams(search).get('mock')
  if (wanted === null) return
  if ((SCENARIOS as readonly string[]).includes(wanted)) storage()?.setItem(KEY, wanted)
  else storage()?.removeItem(KEY)
}

export function activeScenario(): Scenario | null {
  const value = storage()?.getItem(KEY)
  return value && (SCENARIOS as readonly string[]).includes(value) ? (value as Scenario) : null
}

export const isScenario = (name: Scenario) => activeScenario() === name
