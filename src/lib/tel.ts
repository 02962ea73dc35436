/**
 * A `tel:` link for an Australian number as it is dialled: 13, 1300 and 1800 numbers cannot take a
 * country code, so they stay as they are; mobiles and geographic numbers (a leading 0) become +61
 * without the 0; a number already written with a + keeps it.
 */
export function telHref(number: string): string {
  const digits = number.replace(/\D/g, '')
  if (number.trim().startsWith('+')) return `tel:+${digits}`
  if (digits.startsWith('0')) return `tel:+61${digits.slice(1)}`
  return `tel:${digits}`
}
