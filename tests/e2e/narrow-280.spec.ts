import type { Locator, Page } from '@playwright/test'
import { fillContact } from './enterprise-helpers'
import { expect, gotoHydrated, test } from './fixtures'
import { placeholderFit } from './placeholder-fit'

// Issue 38 point 8: a folding phone's cover screen is 280 px wide. Each check below is one finding
// from that width, measured so that it cannot come back unseen: boxes that overlap, boxes that stick
// out of their container, text cut off inside a field, a word broken over two lines.

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 280, height: 700 })
})

/** The words inside `scope` whose letters do not all sit on one line. */
const brokenWords = (scope: Locator) =>
  scope.evaluate((root) => {
    const broken: string[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!
      if (parent.closest('.sr-only') || !parent.checkVisibility()) continue
      for (const word of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(node, word.index)
        range.setEnd(node, word.index + word[0].length)
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)))
        if (lines.size > 1) broken.push(word[0])
      }
    }
    return broken
  })

/** What inside `scope` (elements and runs of text) reaches past the content box of `container` (its padding excluded). */
const sticksOut = async (scope: Locator, container: Locator) =>
  scope.evaluate(
    (root, box) => {
      const style = getComputedStyle(box)
      const outer = box.getBoundingClientRect()
      const left = outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft)
      const right = outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight)
      const outside = (rect: DOMRect) => rect.width > 0 && (rect.left < left - 0.5 || rect.right > right + 0.5)
      const found: string[] = []
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (el.closest('.sr-only') || !el.checkVisibility()) continue
        if (el !== box && outside(el.getBoundingClientRect()))
          found.push(`<${el.tagName.toLowerCase()}> ${el.textContent!.trim().slice(0, 40)}`)
        for (const child of el.childNodes) {
          if (child.nodeType !== Node.TEXT_NODE || !child.textContent!.trim()) continue
          const range = document.createRange()
          range.selectNodeContents(child)
          if ([...range.getClientRects()].some(outside)) found.push(`text '${child.textContent!.trim().slice(0, 40)}'`)
        }
      }
      return found
    },
    await container.elementHandle(),
  )

test('the top bar keeps the sales number on one line', async ({ page }) => {
  await gotoHydrated(page, '/')
  const number = page.getByRole('banner').getByRole('link', { name: /^1300 555 019$/ })
  const lines = await number.evaluate((link) => {
    const range = document.createRange()
    range.selectNodeContents(link)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  })
  expect(lines).toBe(1)
})

for (const path of ['/', '/x18']) {
  test(`${path}: the lead form shows its whole locations choice and phone placeholder`, async ({ page }) => {
    await gotoHydrated(page, path)
    const select = page.getByRole('main').getByLabel('Number of locations').filter({ visible: true }).first()
    await expect(select).toBeVisible()
    const form = select.locator('xpath=ancestor::form')
    // A select's own width without a set width fits its longest option, arrow and padding included.
    const { needed, given } = await select.evaluate((el: HTMLSelectElement) => {
      const copy = el.cloneNode(true) as HTMLSelectElement
      copy.style.width = 'auto'
      copy.style.position = 'absolute'
      el.after(copy)
      const needed = copy.getBoundingClientRect().width
      copy.remove()
      return { needed, given: el.getBoundingClientRect().width }
    })
    expect.soft(needed, 'the select is wide enough for its options').toBeLessThanOrEqual(given + 0.5)
    await expect(select.locator('option').first()).toHaveText(/\S/)

    const phone = form.getByLabel('Phone')
    const { text, room } = await placeholderFit(phone)
    await expect(phone).toHaveAttribute('placeholder', 'Phone ex. 0422470721')
    expect(text, 'the phone placeholder fits its field').toBeLessThanOrEqual(room)
  })
}

test('/schedule: the progress steps neither overlap nor break a word', async ({ page }) => {
  await gotoHydrated(page, '/schedule')
  const steps = page.getByRole('list', { name: 'Your progress' })
  await expect(steps.getByRole('listitem')).toHaveCount(3)
  // Every drawn part of a step (its mark, its label's text) stays inside that step's own box, and no two boxes meet.
  for (const step of await steps.getByRole('listitem').all()) expect(await sticksOut(step, step), 'parts outside their step').toEqual([])
  const overlapping = await steps.evaluate((list) => {
    const boxes = [...list.children].map((li) => li.getBoundingClientRect())
    const meet = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    return boxes.flatMap((a, i) => boxes.flatMap((b, j) => (j > i && meet(a, b) ? [`${i + 1} and ${j + 1}`] : [])))
  })
  expect(overlapping, 'steps that overlap').toEqual([])
  expect(await brokenWords(steps)).toEqual([])
})

/** Fills step 1 of the enterprise wizard and moves on to the plans. */
async function toPlans(page: Page) {
  await gotoHydrated(page, '/enterprise')
  await fillContact(page)
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeFocused()
}

const wizardCard = (page: Page, heading: string) =>
  page
    .locator('div.rounded-2xl')
    .filter({ has: page.getByRole('heading', { level: 2, name: heading }) })
    .last()

test('/enterprise: the billing toggle and the plan cards stay inside the card', async ({ page }) => {
  await toPlans(page)
  const card = wizardCard(page, 'Choose Your Plan')
  const toggle = page.getByRole('group', { name: 'Billing cycle' })
  for (const cycle of ['Annually', 'Biannually']) {
    await toggle.getByRole('radio', { name: new RegExp(cycle) }).check()
    expect(await sticksOut(toggle, card), `billing toggle on ${cycle}`).toEqual([])
    expect(await brokenWords(toggle)).toEqual([])
    const plans = page.getByRole('group', { name: 'Plan' })
    expect(await sticksOut(plans, card), `plans on ${cycle}`).toEqual([])
    for (const planCard of await plans.locator('div.rounded-2xl').all()) {
      expect(await sticksOut(planCard, planCard), 'inside its plan card').toEqual([])
    }
  }
})

test('/enterprise: the success heading keeps clear of the card edge and breaks no word', async ({ page }) => {
  await toPlans(page)
  await page.getByRole('radio', { name: /Growth Package/ }).check()
  await page.getByRole('button', { name: 'Confirm Package' }).click()
  const heading = page.getByRole('heading', { level: 2, name: 'Your Registration Is Confirmed' })
  await expect(heading).toBeFocused()
  const card = wizardCard(page, 'Your Registration Is Confirmed')
  expect(await sticksOut(page.getByRole('region', { name: 'Your Registration Is Confirmed' }), card)).toEqual([])
  expect(await brokenWords(heading)).toEqual([])
})

test('/check: the ranking table fits and breaks no business name inside a word', async ({ page }) => {
  await gotoHydrated(page, '/check?place=mock-vet-harbourside&radius=5')
  const table = page.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(11)
  await expect(table).toContainText('Harbourside Veterinary Clinic')
  expect(await brokenWords(table)).toEqual([])
  expect(await sticksOut(table, table.locator('xpath=..'))).toEqual([])
})
