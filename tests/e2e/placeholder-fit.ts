import type { Locator } from '@playwright/test'

/** How wide the field's placeholder is drawn, and how much room its box leaves for text (CSS px). */
export function placeholderFit(field: Locator): Promise<{ text: number; room: number }> {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    return {
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    }
  })
}
