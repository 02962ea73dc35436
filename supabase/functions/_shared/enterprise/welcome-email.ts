import { billingCycles, formatUsd, periodTotal, planById } from '../../../../src/content/plans.ts'
import { escapeHtml } from '../board/update-note.ts'
import { calendarDateText, invoiceDueDate, invoiceReference, servicePeriodText } from './invoicing.ts'
import type { Registration } from './registration.ts'
import type { WelcomeSettings } from './welcome-settings.ts'

/**
 * A `tel:` URI as Australians dial the number (the site's `telHref`): 13, 1300 and 1800 numbers
 * take no country code; a leading 0 becomes +61; a number written with + keeps it.
 */
export function telUri(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return `tel:+${digits}`
  return digits.startsWith('0') ? `tel:+61${digits.slice(1)}` : `tel:${digits}`
}

const planName = (registration: Registration) => planById(registration.plan).name

type WelcomeFacts = {
  amount: string
  period: string
  due: string
  reference: string
  from: string
}

function facts(registration: Registration, settings: WelcomeSettings, sentAt: Date): WelcomeFacts {
  return {
    amount: formatUsd(periodTotal(planById(registration.plan), registration.billingCycle)),
    period: servicePeriodText(registration),
    due: calendarDateText(invoiceDueDate(sentAt), settings.timeZone),
    reference: invoiceReference(registration),
    from: settings.invoiceFrom ? `Stripe (${settings.invoiceFrom})` : 'Stripe',
  }
}

const footerLines = ({ business }: WelcomeSettings) => [business.name, business.number, business.address].filter(Boolean) as string[]

function text(registration: Registration, settings: WelcomeSettings, f: WelcomeFacts): string {
  return [
    `Dear ${registration.name},`,
    `Thank you for registering ${registration.companyName} for the ${planName(registration)}, ${billingCycles[registration.billingCycle].billed}. Your e-mail address is confirmed.`,
    [
      `Amount: ${f.amount} (US dollars), ${billingCycles[registration.billingCycle].period}`,
      `Billing period: ${f.period}`,
      `Due date: ${f.due}`,
      `Reference: ${f.reference}`,
    ].join('\n'),
    `Your invoice comes from ${f.from}, in a separate e-mail. Paying it activates your account.`,
    'A dedicated account manager will contact you within 24 hours.',
    `Questions? Call us on ${settings.supportPhone} (${telUri(settings.supportPhone)}) and quote ${f.reference}.`,
    footerLines(settings).join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n')
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:16px;line-height:24px'

const row = (label: string, value: string) =>
  `<tr><td style="${FONT};padding:6px 12px 6px 0;color:#4b5563;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td>` +
  `<td style="${FONT};padding:6px 0;font-weight:bold;vertical-align:top">${escapeHtml(value)}</td></tr>`

const paragraph = (html: string) => `<p style="${FONT};margin:0 0 16px">${html}</p>`

/** Table-based with inline styles (mail clients drop <style> and flexbox); every value is escaped, the only links are ours. */
function html(registration: Registration, settings: WelcomeSettings, f: WelcomeFacts): string {
  const e = escapeHtml
  const tel = telUri(settings.supportPhone)
  const logo = settings.logoUrl
    ? `<img src="${e(settings.logoUrl)}" width="180" height="40" alt="${e(settings.business.name ?? 'ReviewLift')}" style="display:block;border:0;width:180px;height:auto">`
    : `<span style="${FONT};font-size:20px;font-weight:bold">${e(settings.business.name ?? 'ReviewLift')}</span>`
  const footer = footerLines(settings)
    .map((line) => e(line))
    .join('<br>')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Welcome</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 24px 8px">${logo}</td></tr>
<tr><td style="padding:16px 24px 8px">
${paragraph(`Dear ${e(registration.name)},`)}
${paragraph(`Thank you for registering <strong>${e(registration.companyName)}</strong> for the ${e(planName(registration))}, ${e(billingCycles[registration.billingCycle].billed)}. Your e-mail address is confirmed.`)}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">
${row('Amount', `${f.amount} (US dollars), ${billingCycles[registration.billingCycle].period}`)}
${row('Billing period', f.period)}
${row('Due date', f.due)}
${row('Reference', f.reference)}
</table>
${paragraph(`Your invoice comes from ${e(f.from)}, in a separate e-mail. <strong>Paying it activates your account.</strong>`)}
${paragraph('A dedicated account manager will contact you within 24 hours.')}
${paragraph(`Questions? Call us on <a href="${e(tel)}" style="color:#1d4ed8;font-weight:bold">${e(settings.supportPhone)}</a> and quote ${e(f.reference)}.`)}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:20px;color:#6b7280">${footer}</td></tr>
</table>
</td></tr>
</table>
</body></html>`
}

/**
 * The welcome e-mail, once the address is confirmed and just before the invoice is finalized
 * (`sentAt`, from which its due date is counted): a text part and HTML with the same content.
 */
export function welcomeEmail(registration: Registration, settings: WelcomeSettings, sentAt: Date) {
  const f = facts(registration, settings, sentAt)
  return {
    subject: `Your enterprise registration: ${planName(registration)}, reference ${f.reference}`,
    text: text(registration, settings, f),
    html: html(registration, settings, f),
  }
}
