import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { server } from '@mocks/node'

// The bot check's offline widget, as mock builds serve it: the route tests' forms take its dummy token.
if (typeof window !== 'undefined') await import('@mocks/turnstile-stand-in.js')

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// Any console.error (act() warnings, hydration mismatches, React key warnings) fails the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react')
    cleanup()
    sessionStorage.clear()
  }
})
