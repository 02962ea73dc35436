import type { LeadSubmission } from '../../../../src/schemas/lead.ts'
import { withoutInvisible } from '../../../../src/schemas/visitor-text.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import type { Unverified } from '../turnstile/siteverify.ts'
import { parsePhone } from '../runtime/phone.ts'
import { adConsentWords, clickIdWords } from './ad-click-words.ts'

/** What sales is told about a lead's bot check (docs/turnstile.md): null when the check was off. */
export type NoteVerification = { verified: true } | { verified: false; reason: Unverified } | null

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escaped for HTML, and without invisible format or control characters (src/schemas/visitor-text.ts). */
export function escapeHtml(text: string): string {
  return withoutInvisible(text).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** `href`: the value is a link (a `tel:` URI we built from the parsed number). */
type Row = readonly [label: string, value: string | undefined, href?: string]

function section(title: string, rows: readonly Row[]): string {
  const lines = rows
    .filter(([, value]) => value !== undefined)
    .map(([label, value, href]) => {
      const shown = escapeHtml(value || '-')
      return `<strong>${escapeHtml(label)}:</strong> ${href ? `<a href="${escapeHtml(href)}">${shown}</a>` : shown}`
    })
  return `<p><strong>${escapeHtml(title)}</strong><br>${lines.join('<br>')}</p>`
}

/** The board renders update bodies as HTML, so every visitor-supplied value is escaped. */
function checkSection(check: NonNullable<LeadSubmission['check']>): string {
  return section('Review check', [
    ['Place id', check.placeId],
    ['Rating', check.rating === null ? 'no reviews yet' : String(check.rating)],
    ['Reviews', String(check.reviewCount)],
    ['Rank', `#${check.rank} within ${check.radiusKm} km`],
  ])
}

function replySection(reply: NonNullable<LeadSubmission['reply']>): string {
  return section('AI reply tried', [
    ['Business name', reply.businessName],
    ['Rating', `${reply.rating} of 5`],
    ['Tone', reply.tone],
    ['Business kind', reply.kind === 'health' ? 'veterinary / health' : 'general'],
    ['Draft from', reply.source === 'ai' ? 'the AI model' : 'a template'],
  ])
}

/** The phone as its country writes it, one tap to call; as typed when it is no valid number. */
function phoneRow(typed: string): Row {
  const phone = parsePhone(typed)
  return phone ? ['Phone', phone.readable, `tel:${phone.e164}`] : ['Phone', typed]
}

/** Sales reads this first: the lead still came in, but no bot check vouches for it. */
export const UNVERIFIED_NOTE =
  'Unverified: this lead did not pass the bot check. It may be a person whose browser blocked the check; call before acting on it.'

/** A lead the honeypot (or a missing guard) caught, placed in 'Needs a look' for a person to judge. */
export const SPAM_NOTE = 'Spam?: flagged as spam when it came in'

export function updateNoteBody(
  { lead, tracking, source, check, reply, attribution }: LeadSubmission,
  submittedAt: Date,
  verification: NoteVerification = null,
  spamReason: string | null = null,
): string {
  return [
    verification && !verification.verified ? `<p><strong>${escapeHtml(UNVERIFIED_NOTE)}</strong></p>` : '',
    spamReason ? `<p><strong>${escapeHtml(`${SPAM_NOTE} (${spamReason}). Nobody was told of it one by one.`)}</strong></p>` : '',
    section('Form details', [
      ['Name', lead.name],
      phoneRow(lead.phone),
      ['Email', lead.email],
      ['Business address', lead.business],
      ['Locations', lead.locations],
      ['Note', lead.note],
    ]),
    section('Tracking', [
      ['Platform', tracking.platform],
      ['Keyword', tracking.keyword],
      ['Ad click id', clickIdWords(attribution)],
      ['Ad consent', adConsentWords(attribution)],
    ]),
    section('Source', [
      ['Path', source.path],
      ['Page', source.label],
      ['Source note', source.note],
    ]),
    check ? checkSection(check) : '',
    reply ? replySection(reply) : '',
    section('Submitted', [['Date', agencyTime(submittedAt)]]),
  ].join('')
}
