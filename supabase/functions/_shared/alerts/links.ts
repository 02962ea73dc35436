import { visitorText, type TextFormat } from './text.ts'
import { parsePhone } from '../runtime/phone.ts'

// Read where they are used, and optionally: the builders also run in the site's node tests, which have no Deno.
const setting = (name: string): string | undefined =>
  (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno?.env.get(name)?.trim() || undefined

/**
 * The board item's page, `https://<MONDAY_ACCOUNT_SLUG>.monday.com/boards/<MONDAY_BOARD_ID>/pulses/<item>`;
 * undefined until the item exists or while either setting is missing.
 */
export function boardItemUrl(
  itemId: string | null | undefined,
  config = { slug: setting('MONDAY_ACCOUNT_SLUG'), boardId: setting('MONDAY_BOARD_ID') },
) {
  if (!itemId || !config.slug || !config.boardId) return undefined
  const part = encodeURIComponent
  return `https://${part(config.slug)}.monday.com/boards/${part(config.boardId)}/pulses/${part(itemId)}`
}

/** The board's page, `https://<MONDAY_ACCOUNT_SLUG>.monday.com/boards/<MONDAY_BOARD_ID>`; undefined while either setting is missing. */
export function boardUrl(config = { slug: setting('MONDAY_ACCOUNT_SLUG'), boardId: setting('MONDAY_BOARD_ID') }) {
  if (!config.slug || !config.boardId) return undefined
  return `https://${encodeURIComponent(config.slug)}.monday.com/boards/${encodeURIComponent(config.boardId)}`
}

/**
 * The invoice in Stripe's dashboard; the test-mode path for a test invoice (an event's `livemode`
 * false, or else STRIPE_SECRET_KEY a test key).
 */
export function stripeInvoiceUrl(invoiceId: string, livemode?: boolean, key = setting('STRIPE_SECRET_KEY') ?? ''): string {
  const test = livemode === undefined ? /^(sk|rk)_test_/.test(key) : !livemode
  const mode = test ? 'test/' : ''
  return `https://dashboard.stripe.com/${mode}invoices/${encodeURIComponent(invoiceId)}`
}

/** 'A1B2C3D4-0001' as one tap to the invoice in Stripe's dashboard (its id until Stripe has numbered it). */
export function invoiceLink(invoice: { id: string; number?: string | null; livemode?: boolean }, format: TextFormat): string {
  // Stripe's own values, from a signed event or its API: no visitor text.
  return link(stripeInvoiceUrl(invoice.id, invoice.livemode), invoice.number || invoice.id, format)
}

/** A link we build ourselves (never from visitor text): one tap in chat, the label and URL in plain text. */
export const link = (url: string, label: string, format: TextFormat) => (format === 'slack' ? `<${url}|${label}>` : `${label}: ${url}`)

/** 'Board: <link>' for an item that exists, or a line saying it is not on the board yet. */
export function boardLine(itemId: string | null | undefined, format: TextFormat): string {
  const url = boardItemUrl(itemId)
  if (url) return link(url, 'Open on the board', format)
  return itemId ? `Board item ${itemId}` : 'Not on the board yet'
}

/**
 * A phone in an alert, as one tap to call: in chat a link we build ourselves (`<tel:…|label>`, from
 * the parsed digits only, never the typed text), in plain text the number and its `tel:` URI. A
 * value that is no valid number stays visitor text (inert).
 */
export function phoneText(raw: string | null | undefined, format: TextFormat): string {
  const phone = parsePhone(raw)
  if (!phone) return visitorText(raw, format)
  return format === 'slack' ? `<tel:${phone.e164}|${phone.readable}>` : `${phone.readable} (tel:${phone.e164})`
}

// An address as the schemas validate it, in the characters a link label can hold as it is.
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/**
 * An e-mail address in an alert, as one tap to write to it: in chat a `mailto:` link we write
 * ourselves, in plain text the address (which mail clients link). Anything else a visitor typed
 * stays visitor text (inert).
 */
export function emailText(raw: string | null | undefined, format: TextFormat): string {
  const address = (raw ?? '').trim()
  if (address.length > 254 || !EMAIL.test(address)) return visitorText(raw, format)
  return format === 'slack' ? `<mailto:${address}|${address}>` : address
}
