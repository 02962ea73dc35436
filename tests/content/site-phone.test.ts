import { describe, expect, it } from 'vitest'
import { pageJsonLd } from '@/lib/page-meta'
import { site } from '@/site'
import { telHref } from '@/site-settings'

describe('telHref: a tel: link as Australians dial the number', () => {
  it.each([
    ['1300 555 019', 'tel:1300555019'],
    ['1800 123 456', 'tel:1800123456'],
    ['13 22 11', 'tel:132211'],
    ['0422 470 721', 'tel:+61422470721'],
    ['(02) 9555 0199', 'tel:+61295550199'],
    ['08 8123 4567', 'tel:+61881234567'],
    ['+61 3 9555 0100', 'tel:+61395550100'],
  ])('%s -> %s', (number, href) => {
    expect(telHref(number)).toBe(href)
  })

  it("is the sales phone's link", () => {
    expect(site.phone.href).toBe(telHref(site.phone.display))
    expect(site.phone.href).toBe('tel:1300555019')
  })

  it('gives the JSON-LD telephone by the same rule', () => {
    expect(JSON.stringify(pageJsonLd('/'))).toContain('"telephone":"1300555019"')
  })
})
