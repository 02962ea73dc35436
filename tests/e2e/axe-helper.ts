import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Fails with axe's own explanation of each violation on the page as it is now (any state). */
export async function expectAxeClean(page: Page, state: string, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS)
  const { violations } = await (include ? builder.include(include) : builder).analyze()
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }))
  expect(found, `axe violations: ${state}`).toEqual([])
}
