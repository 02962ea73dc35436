import { describe, expect, it } from 'vitest'
import { explainMisses, type RouteFigures } from '../../scripts/bench/lighthouse-why.mjs'

const TARGETS = { score: 100, tbtMs: 30, cls: 0, lcpMs: 1300, landingScriptKb: 100, lcpRatio: 0.6 }

const why = {
  lcpElement: 'Get More 5-Star Reviews',
  lcpPhases: { ttfb: 600, loadDelay: 0, loadTime: 0, renderDelay: 1450 },
  renderBlocking: [{ name: 'index-abc.css', bytes: 9100, ms: 310 }],
  longTasks: [{ name: 'app-123.js', ms: 96 }],
  scriptsBeforeInteractive: [
    { name: 'app-123.js', bytes: 88200 },
    { name: 'useRouter-9.js', bytes: 20800 },
  ],
  failedAudits: { accessibility: [], 'best-practices': [], seo: ['Page is blocked from indexing'] },
}

const route = (overrides: Partial<RouteFigures> = {}): RouteFigures => ({
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  metricScores: { fcp: 1, lcp: 1, si: 1, tbt: 1, cls: 1 },
  tbt: 10,
  cls: 0,
  lcp: 1000,
  scriptBeforeInteractive: 90_000,
  why,
  ...overrides,
})

describe('explainMisses', () => {
  it('is empty when every target is met', () => {
    expect(explainMisses({ ours: route(), spa: { lcp: 2000 }, landing: true, targets: TARGETS })).toEqual([])
  })

  it('names each missed target and why, from the run’s audits', () => {
    const misses = explainMisses({
      ours: route({
        scores: { performance: 97, accessibility: 100, 'best-practices': 100, seo: 69 },
        metricScores: { fcp: 0.95, lcp: 0.9, si: 1, tbt: 1, cls: 1 },
        tbt: 77,
        lcp: 2050,
        scriptBeforeInteractive: 125_000,
      }),
      spa: { lcp: 3000 },
      landing: true,
      targets: TARGETS,
    })
    expect(misses).toEqual([
      { miss: 'performance 97', why: 'LCP scores 0.90, FCP scores 0.95' },
      { miss: 'seo 69', why: 'Page is blocked from indexing' },
      { miss: 'TBT 77 ms', why: 'longest tasks: app-123.js 96 ms' },
      {
        miss: 'LCP 2.05 s',
        why: 'LCP element "Get More 5-Star Reviews"; TTFB 600 ms + render delay 1450 ms; render-blocking: index-abc.css (9.1 KB, 310 ms)',
      },
      { miss: 'script before interactive 125.0 KB', why: 'by file: app-123.js 88.2 KB, useRouter-9.js 20.8 KB' },
      { miss: 'LCP ratio 0.68', why: "ours 2.05 s over the SPA's 3.00 s" },
    ])
  })

  it('holds other routes to no script budget and shows an image LCP’s load phases', () => {
    const misses = explainMisses({
      ours: route({
        lcp: 1500,
        scriptBeforeInteractive: 140_000,
        why: { ...why, lcpPhases: { ttfb: 500, loadDelay: 200, loadTime: 600, renderDelay: 200 }, renderBlocking: [] },
      }),
      spa: { lcp: 2000 },
      landing: false,
      targets: TARGETS,
    })
    expect(misses.map((m) => m.miss)).toEqual(['LCP 1.50 s', 'LCP ratio 0.75'])
    expect(misses[0]?.why).toContain('TTFB 500 ms + load delay 200 ms + load time 600 ms + render delay 200 ms; nothing render-blocking')
  })

  it('splits a missed script budget by package when the build kept its scripts’ packages', () => {
    const [miss] = explainMisses({
      ours: route({ scriptBeforeInteractive: 109_000 }),
      spa: { lcp: 2000 },
      landing: true,
      targets: TARGETS,
      scriptPackages: {
        'app-123.js': { 'react-dom': 0.75, 'site code': 0.25 },
        'useRouter-9.js': { '@tanstack/react-router': 0.5, '@tanstack/router-core': 0.5 },
      },
    })
    expect(miss).toEqual({
      miss: 'script before interactive 109.0 KB',
      why:
        'by package: react-dom 66.2 KB, site code 22.1 KB, @tanstack/react-router 10.4 KB, @tanstack/router-core 10.4 KB; ' +
        'by file: app-123.js 88.2 KB, useRouter-9.js 20.8 KB',
    })
  })

  it('says when a failed SEO score is the noindex the page asks for', () => {
    const ours = route({ scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 69 } })
    const explain = (noindex: boolean) => explainMisses({ ours, spa: { lcp: 2000 }, landing: false, targets: TARGETS, noindex })
    expect(explain(true)).toEqual([{ miss: 'seo 69', why: 'Page is blocked from indexing: noindex on purpose, kept out of search' }])
    expect(explain(false)).toEqual([{ miss: 'seo 69', why: 'Page is blocked from indexing' }])
  })

  it('judges TBT in the whole milliseconds the table shows', () => {
    const misses = (tbt: number) => explainMisses({ ours: route({ tbt }), spa: { lcp: 2000 }, landing: false, targets: TARGETS })
    expect(misses(30.4)).toEqual([])
    expect(misses(30.6).map((m) => m.miss)).toEqual(['TBT 31 ms'])
  })
})
