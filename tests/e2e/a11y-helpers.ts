import type { Locator, Page } from '@playwright/test'
import { tabTo } from './enterprise-helpers'

/** A query the places mock answers with several suggestions (three addresses on a Main Street/Road). */
export const addressFixture = { query: 'main', count: 3 } as const

export const heading = (name: string) => ({ level: 2, name })

/** Keyboard only: Tab to the field, then type into it. */
export async function tabAndType(page: Page, field: Locator, text: string) {
  await tabTo(page, field, 60)
  await page.keyboard.type(text)
}

/** Whether the element that has focus is inside `container` (false when focus is on the body). */
export const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement))
