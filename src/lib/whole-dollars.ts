/**
 * Whole US dollars as every price on the site, in e-mails and in alerts shows them: 11070 ->
 * 'US$11,070'. One visible pattern on an Australian site, where a bare '$' reads as Australian
 * dollars; screen readers say 'US dollar' or 'U S dollars' for it. By hand because the pages format
 * prices while they hydrate, and the first Intl formatter a page creates loads ICU data in one long
 * task (20 to 40 ms on a desktop CPU).
 */
export function wholeDollars(amount: number): string {
  const digits = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+$)/g, ',')
  return `${amount < 0 ? '-' : ''}US$${digits}`
}
