// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import heldClicksBoot from '@/lib/held-clicks-boot?boot'
import { partHydrated, partReady } from '@/lib/held-clicks'

// The inline boot as the page runs it (the bundled script), then the app telling it a part is ready.
const runBoot = () => new Function(heldClicksBoot())()
const part = () => document.querySelector('[data-deferred]')!
const button = (name: string) => document.querySelector<HTMLButtonElement>(`[aria-label="${name}"]`)!

let acted: string[] = []
const act = (event: Event) => acted.push((event.target as Element).getAttribute('aria-label') ?? '')

beforeEach(() => {
  acted = []
  document.body.innerHTML = `
    <div data-deferred="_R_1_"><button type="button" aria-label="Unmute video"><svg></svg></button>
      <form><button aria-label="Send"></button></form></div>
    <button type="button" aria-label="Menu"></button>`
  runBoot()
  document.addEventListener('click', act)
})

afterEach(() => {
  document.removeEventListener('click', act)
  delete window.heldClicks
})

describe('held clicks boot', () => {
  it("holds a click on a waiting part's button and clicks it again once the part is ready", () => {
    button('Unmute video')
      .querySelector('svg')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(acted).toEqual([])
    partReady(part())
    expect(acted).toEqual(['Unmute video'])
    button('Unmute video').click()
    expect(acted).toEqual(['Unmute video', 'Unmute video'])
  })

  it('leaves alone a submit button, a control outside the parts, and a part that will not hydrate', () => {
    const submitted = vi.fn((event: Event) => event.preventDefault())
    document.querySelector('form')!.addEventListener('submit', submitted)
    button('Send').click()
    button('Menu').click()
    expect(acted).toEqual(['Send', 'Menu'])
    expect(submitted).toHaveBeenCalledTimes(1)

    button('Unmute video').click()
    partReady(part(), false)
    expect(acted).toEqual(['Send', 'Menu'])
  })

  it('keeps input aimed at a part that has not hydrated from React until the part has (issue 45)', () => {
    const heard: string[] = []
    const listen = (event: Event) => heard.push(event.type)
    for (const type of ['keydown', 'input', 'focusin']) document.addEventListener(type, listen, true)
    const field = document.createElement('input')
    part().append(field)
    field.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }))
    field.dispatchEvent(new Event('input', { bubbles: true }))
    button('Menu').dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(heard).toEqual(['focusin'])
    partHydrated(part())
    field.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }))
    field.dispatchEvent(new Event('input', { bubbles: true }))
    expect(heard).toEqual(['focusin', 'keydown', 'input'])
    for (const type of ['keydown', 'input', 'focusin']) document.removeEventListener(type, listen, true)
  })

  // The tap that puts the caret in the name field: React would hydrate the page up to the form in
  // that tap's task to deliver its click (110 to 130 ms on the bench's phone, issue 45).
  it('keeps a click on a field of a part that has not hydrated from React until the part has, but not a submit', () => {
    const field = document.createElement('input')
    field.setAttribute('aria-label', 'Full name')
    part().append(field)
    field.click()
    expect(acted).toEqual([])
    button('Send').click()
    expect(acted).toEqual(['Send'])
    partHydrated(part())
    field.click()
    expect(acted).toEqual(['Send', 'Full name'])
  })
})
