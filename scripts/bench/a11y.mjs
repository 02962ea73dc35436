// axe-core on the hydrated page, unthrottled, at a given viewport width (the same tags as
// tests/e2e/accessibility.spec.ts, so the bench and the test agree on what a violation is).
// Returns the violations and what axe left for a human to check (its `incomplete` results).
import { AxeBuilder } from '@axe-core/playwright'

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export async function axeViolations(browser, url, width) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } })
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 })
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {})
    const { violations, incomplete } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
    return {
      violations: violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
      })),
      // What axe could not decide (e.g. text over a gradient): not violations, but unchecked.
      needsReview: incomplete.map((v) => ({ id: v.id, nodes: v.nodes.length })),
    }
  } finally {
    await context.close().catch(() => {})
  }
}
