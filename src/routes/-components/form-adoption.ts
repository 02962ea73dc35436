/**
 * What a prerendered form holds when the script takes over: its non-empty text fields and its ticked
 * boxes, by field name. The one reader of the page for both forms' `form.adopted`.
 */
export function readFilledForm<Text extends string, Box extends string = never>(
  form: HTMLFormElement,
  names: { text: readonly Text[]; boxes?: readonly Box[] },
): { values: Partial<Record<Text, string>>; ticked: Box[] } {
  const values: Partial<Record<Text, string>> = {}
  for (const name of names.text) {
    const element = form.elements.namedItem(name)
    const value = element && 'value' in element ? element.value : ''
    if (typeof value === 'string' && value !== '') values[name] = value
  }
  const ticked = (names.boxes ?? []).filter((name) => {
    const element = form.elements.namedItem(name)
    return element instanceof HTMLInputElement && element.checked
  })
  return { values, ticked }
}
