import { describe, expect, it, vi } from 'vitest'
import { createRecordingAnalytics } from '@/services/analytics'
import { reportWebVitals } from '@/lib/web-vitals'

type Report = (metric: { name: string; value: number; rating: 'good' | 'needs-improvement' | 'poor'; id: string }) => void
const listeners = vi.hoisted(() => ({}) as Record<string, Report>)

vi.mock('web-vitals', () => ({
  onLCP: (report: Report) => (listeners.LCP = report),
  onINP: (report: Report) => (listeners.INP = report),
  onCLS: (report: Report) => (listeners.CLS = report),
}))

describe('reportWebVitals', () => {
  it('loads web-vitals only when idle, then passes LCP, INP and CLS to analytics', async () => {
    const analytics = createRecordingAnalytics()
    let idle: (() => void) | undefined
    reportWebVitals(analytics, (run) => (idle = run))
    expect(Object.keys(listeners)).toEqual([])

    idle?.()
    await vi.waitFor(() => expect(Object.keys(listeners).sort()).toEqual(['CLS', 'INP', 'LCP']))
    listeners.LCP?.({ name: 'LCP', value: 900, rating: 'good', id: 'a' })
    listeners.INP?.({ name: 'INP', value: 240, rating: 'needs-improvement', id: 'b' })
    listeners.CLS?.({ name: 'CLS', value: 0, rating: 'good', id: 'c' })

    expect(analytics.vitals).toEqual([
      { name: 'LCP', value: 900, rating: 'good', id: 'a' },
      { name: 'INP', value: 240, rating: 'needs-improvement', id: 'b' },
      { name: 'CLS', value: 0, rating: 'good', id: 'c' },
    ])
  })
})
