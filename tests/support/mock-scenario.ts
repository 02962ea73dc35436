import { vi } from 'vitest'
import type { Scenario } from '@mocks/scenario'

/** Runs `fn` with a mock scenario on, as `?mock=<name>` turns it on for a tab (Node has no sessionStorage). */
export async function withScenario<T>(name: Scenario, fn: () => Promise<T>): Promise<T> {
  const before = globalThis.sessionStorage as Storage | undefined
  const items = new Map<string, string>([['mock-scenario', name]])
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  })
  try {
    return await fn()
  } finally {
    // Only this stub is undone: a test file's other stubbed globals stay.
    vi.stubGlobal('sessionStorage', before)
  }
}
