import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { expectAxeClean } from './axe-helper'
import { addressBox, leadRequests } from './lead-helpers'

const noteBox = (page: Page) => page.getByRole('textbox', { name: 'Note (optional)' })
const addNote = (page: Page) => page.getByRole('button', { name: '+ Add note (optional)' })

async function fillVetForm(page: Page) {
  await page.getByLabel('Number of locations').selectOption('6-15')
  await page.getByLabel('Full name').fill('Dr Ana Lopez')
  await page.getByLabel('Phone').fill('0422470721')
  await page.getByLabel('Email').fill('ana@pawsclinic.example')
  await addressBox(page).fill('5 Bark Street, Perth WA')
  await addressBox(page).press('Escape')
}

for (const [path, label] of [
  ['/vet', 'Veterinary Page'],
  ['/vet1', 'Veterinary Page (Alt)'],
] as const) {
  test(`${path}: the note is removed, added, removed, added again and sent with the lead (${label})`, async ({ page }) => {
    await gotoHydrated(page, path)
    await expect(page.getByText('50+ veterinary practices').first()).toBeVisible()
    const options = await page.getByLabel('Number of locations').locator('option:not([disabled])').allTextContents()
    expect(options).toEqual(['1', '2-5', '6-15', '15+'])
    await fillVetForm(page)

    // The prerendered page's note is open, also once hydrated (no layout shift, issue 45).
    await expect(noteBox(page)).toBeVisible()
    await page.getByRole('button', { name: 'Remove note' }).click()
    await expect(noteBox(page)).toBeHidden()
    await expect(addNote(page)).toBeFocused()
    await addNote(page).click()
    await expect(noteBox(page)).toBeFocused()
    await page.keyboard.type('Dropped by mistake')
    await expectAxeClean(page, `${path} with the note open`)
    await page.getByRole('button', { name: 'Remove note' }).click()
    await expect(noteBox(page)).toBeHidden()
    await expect(addNote(page)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(noteBox(page)).toHaveValue('')
    await noteBox(page).fill('Three clinics, mostly cats and dogs')

    await page.getByRole('button', { name: 'Get My Free Consultation' }).click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    await expectAxeClean(page, `${path} with Congrats open`)
    const [lead] = await leadRequests(page)
    expect(lead?.body).toMatchObject({
      lead: { locations: '6-15', name: 'Dr Ana Lopez', note: 'Three clinics, mostly cats and dogs' },
      source: { path, label },
    })
  })
}

test('/vet: the video loads only when scrolled near, starts muted, and the toggles work', async ({ page }) => {
  test.setTimeout(60_000)
  const videoRequests: string[] = []
  page.on('request', (r) => r.url().includes('/media/vet-clinic.mp4') && videoRequests.push(r.url()))
  await page.setViewportSize({ width: 1280, height: 720 })
  await gotoHydrated(page, '/vet')
  await page.waitForLoadState('networkidle')
  const video = page.locator('video')
  await expect(video).toHaveAttribute('preload', 'none')
  await expect(video).toHaveAttribute('poster', '/media/vet-clinic-poster.webp')
  expect(videoRequests).toEqual([])
  await expect(video).not.toHaveAttribute('src')

  await video.scrollIntoViewIfNeeded()
  await expect(video).toHaveAttribute('src', '/media/vet-clinic.mp4')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true)
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true)

  await page.getByRole('button', { name: 'Unmute video' }).click()
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false)
  await expect(page.getByRole('button', { name: 'Mute video' })).toBeFocused()
  // The whole page is scanned in the other states; here the part that changed (faster while playing).
  await expectAxeClean(page, '/vet with the video unmuted', 'figure:has(video)')
  await page.getByRole('button', { name: 'Mute video' }).click()
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true)

  await page.getByRole('button', { name: 'Pause video' }).click()
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
  await page.getByRole('button', { name: 'Play video' }).click()
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false)
})

test('/vet: the veterinary testimonials carousel wraps both ways', async ({ page }) => {
  await gotoHydrated(page, '/vet')
  const region = page.getByRole('region', { name: 'Client testimonials' })
  const current = region.locator('[aria-roledescription="slide"]:not(.invisible)')
  await expect(current).toContainText('Harbourside Veterinary Clinic')
  await region.getByRole('button', { name: 'Previous testimonial' }).click()
  await expect(current).toContainText('Greenfield Animal Hospital')
  await expect(current).toContainText('689')
  await region.getByRole('button', { name: 'Next testimonial' }).click()
  await expect(current).toContainText('Harbourside Veterinary Clinic')
  await region.getByRole('button', { name: /^Testimonial 2 of 2/ }).click()
  await expect(current).toHaveAttribute('aria-label', '2 of 2')
})

test.describe('partner logo strip', () => {
  const strip = (page: Page) => page.getByRole('group', { name: /Partner logos/ })
  const track = (page: Page) => strip(page).locator('> div')
  const animation = (page: Page) =>
    track(page).evaluate((el) => ({ name: getComputedStyle(el).animationName, state: getComputedStyle(el).animationPlayState }))

  test('desktop: six logos scroll sideways and pause on hover and on focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await gotoHydrated(page, '/vet')
    await expect(strip(page).getByRole('img')).toHaveCount(6)
    await page.mouse.move(0, 0)
    expect(await animation(page)).toEqual({ name: 'marquee', state: 'running' })
    await strip(page).hover()
    await expect.poll(() => animation(page)).toEqual({ name: 'marquee', state: 'paused' })
    await page.mouse.move(0, 0)
    await expect.poll(() => animation(page)).toEqual({ name: 'marquee', state: 'running' })
    await strip(page).focus()
    await expect.poll(() => animation(page)).toEqual({ name: 'marquee', state: 'paused' })
  })

  test('desktop with reduced motion: the strip stands still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1280, height: 900 })
    await gotoHydrated(page, '/vet')
    expect((await animation(page)).name).toBe('none')
    const lists = strip(page).locator('ul')
    expect(await lists.first().evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(6)
    await expect(lists.nth(1)).toBeHidden()
    await expect(strip(page).getByRole('img')).toHaveCount(6)
  })

  test('phone: a two-column grid, not moving, axe clean', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, '/vet')
    expect((await animation(page)).name).toBe('none')
    const columns = await strip(page)
      .getByRole('list')
      .first()
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)
    expect(columns).toBe(2)
    await expect(strip(page).getByRole('img')).toHaveCount(6)
    await page.waitForLoadState('networkidle')
    await expectAxeClean(page, '/vet at 390 px')
  })
})
