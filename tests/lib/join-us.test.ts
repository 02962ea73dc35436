import { describe, expect, it } from 'vitest'
import { pageFor } from '@/content/pages'
import { joinUsAction } from '@/lib/join-us'

// DESIGN.md deviation 6: Join Us scrolls up where the form opens the page, opens the dialog elsewhere,
// and without the script links to the page's own form or the home page's.
describe('joinUsAction', () => {
  it.each([
    ['/', 'scroll', '#lead-form'],
    ['/vet', 'scroll', '#lead-form'],
    ['/vet1', 'scroll', '#lead-form'],
    ['/qrb', 'scroll', '#lead-form'],
    ['/konversable', 'scroll', '#lead-form'],
    ['/x18', 'dialog', '#book'],
    ['/blog/get-more-customer-reviews', 'dialog', '#growth-tips'],
    ['/news', 'dialog', '/#lead-form'],
    ['/terms', 'dialog', '/#lead-form'],
    ['/privacy', 'dialog', '/#lead-form'],
    ['/check', 'dialog', '/#lead-form'],
    ['/enterprise', 'dialog', '/#lead-form'],
    ['/schedule', 'dialog', '/#lead-form'],
    ['/thanks', 'dialog', '/#lead-form'],
    ['/confirm', 'dialog', '/#lead-form'],
    ['/no-such-page', 'dialog', '/#lead-form'],
  ])('%s: %s, before the script %s', (path, kind, href) => {
    expect(joinUsAction(pageFor(path))).toEqual({ kind, href })
  })
})
