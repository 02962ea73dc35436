/**
 * Whole US dollars with thousands commas, as Intl.NumberFormat('en-US', USD, no fraction) writes
 * them: 11070 -> '$11,070'. By hand because the pages format prices while they hydrate, and the
 * first Intl formatter a page creates loads ICU data in one long task (20 to 40 ms on a desktop CPU).
 */
export function wholeDollars(amount: number): string {
  const digits = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+$)/g, ',')
  return `${amount < 0 ? '-' : ''}$${digits}`
}
