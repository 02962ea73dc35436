import { whenIdle } from './when-idle'

/** A Core Web Vital measured on a real visit (the fields of web-vitals' Metric the analytics keep). */
export type WebVital = { name: 'LCP' | 'INP' | 'CLS'; value: number; rating: 'good' | 'needs-improvement' | 'poor'; id: string }

/**
 * Reports LCP, INP and CLS of real visits. The library loads only once the hydrated page is idle,
 * so it never competes with the first paint or the first interaction.
 */
export function reportWebVitals(
  analytics: { webVital(metric: WebVital): void },
  onIdle: (run: () => void) => void = (run) => whenIdle(run, 5_000, 2_000),
): void {
  onIdle(() => {
    void import('web-vitals').then(({ onCLS, onINP, onLCP }) => {
      const send = ({
        name,
        value,
        rating,
        id,
      }: {
        name: string
        value: number
        rating: 'good' | 'needs-improvement' | 'poor'
        id: string
      }) => {
        if (name === 'LCP' || name === 'INP' || name === 'CLS') analytics.webVital({ name, value, rating, id })
      }
      onLCP(send)
      onINP(send)
      onCLS(send)
    })
  })
}
