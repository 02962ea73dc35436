// What each reader actually received, counted from the fakes' own records (never from our tables):
// the board's items and notes, the sales chat and e-mail, the registrant's inbox and Stripe. Every
// reader must hold each expected message or record exactly once. A chat webhook cannot tell a
// repeat, so a chat message sent again after its answer was lost (dropped by the fake, or with the
// run that sent it killed) is a resend, counted and traced; a resend nothing explains is a duplicate.
import { channelReport, chatReport } from './load-run.mjs'
import { SALES } from './crash-stack.mjs'

const registrationIdIn = (text = '') => /Registration id: ([0-9a-f-]{36})/.exec(text)?.[1]
const leadNameIn = (text = '') => /New lead: (Crash Lead [A-Za-z]+)/.exec(text)?.[1]
// Registration notes are told apart by their reference line: `Ref: reg-<id>/note`, `Ref: reg-<id>/confirmed`.
const noteOf =
  (suffix) =>
  (body = '') =>
    new RegExp(`Ref: reg-([0-9a-f-]{36})/${suffix}\\b`).exec(body)?.[1]

/** A reader's row: expected, delivered, lost (and which), duplicated, chat resends, and the answers the fake dropped there. */
const row = (reader, report, expected, dropped, ids) => ({
  reader,
  missing: [...expected].filter((id) => !ids.includes(id)),
  expected: expected.size,
  delivered: expected.size - report.lost,
  lost: report.lost,
  duplicated: report.duplicated,
  resends: report.resends ?? 0,
  dropped,
  ok: report.ok,
})

/**
 * The chat's messages for one reader, each copy after the first traced: to an answer the fake
 * dropped, or to a killed run it was sent in (the run died before it could record the send). A
 * copy with neither is a duplicate.
 */
function chat(alerts, reader, expected, idOf, labelOf, { traces, killWindows }) {
  const ids = alerts.webhook.map((message) => idOf(message.text))
  const dropped = alerts.lostAnswers.filter((answer) => answer.channel === 'webhook' && idOf(answer.text))
  const reasons = []
  const seen = new Map()
  for (const [index, id] of ids.entries()) {
    if (!id) continue
    const copies = seen.get(id) ?? []
    seen.set(id, [...copies, index])
  }
  for (const [id, copies] of seen) {
    if (copies.length < 2) continue
    const why = dropped.filter((answer) => idOf(answer.text) === id).map((answer) => `answer dropped (${answer.how})`)
    for (const index of copies.slice(0, -1)) {
      // Sent in a killed run: shown while the run lasted, or still in flight through its tap when it died.
      const text = alerts.webhook[index]?.text
      const killed = killWindows.find((window) => (window.from <= index && index < window.to) || window.texts?.includes(text))
      if (killed) why.push(`sent in a run of ${killed.worker} that was killed`)
    }
    const explained = Math.min(why.length, copies.length - 1)
    const unexplained = copies.length - 1 - explained
    traces.push(
      `${reader}: ${labelOf(id)} received ${copies.length} times; ${why.slice(0, explained).join('; ') || 'no answer dropped'}${unexplained ? `; ${unexplained} DUPLICATED (nothing explains it)` : ''}`,
    )
    reasons.push(...Array.from({ length: explained }, () => id))
  }
  const report = chatReport(reader, expected, ids.filter(Boolean), reasons)
  return row(reader, report, expected, dropped.length, ids.filter(Boolean))
}

function email(alerts, reader, expected, emails, idOf) {
  const ids = emails.map(idOf).filter(Boolean)
  const keys = new Set(emails.map((each) => each.idempotencyKey))
  const dropped = alerts.lostAnswers.filter((answer) => answer.channel === 'email' && keys.has(answer.idempotencyKey)).length
  return row(reader, channelReport(reader, expected, ids, dropped), expected, dropped, ids)
}

/**
 * The readers of `leads` (submission id by name) and `registrants`: one row each, and the chat
 * traces. Registrants are expected on every reader: whatever was lost upstream (a request never
 * sent, so never confirmed) shows as lost downstream too.
 */
export function countReaders({ board, alerts, stripe }, leads, registrants, killWindows) {
  const traces = []
  const chats = { traces, killWindows }
  const leadIds = new Set(leads.values())
  const nameOf = new Map([...leads].map(([name, id]) => [id, name]))
  const regIds = new Set(registrants.map((registrant) => registrant.id))
  const regOfEmail = new Map(registrants.map((registrant) => [registrant.email, registrant.id]))
  const itemSubmission = (itemId) => board.items.get(itemId)?.submissionId
  const boardDropped = (operation, ids, idOf = (lost) => lost.submissionId) =>
    board.lostAnswers.filter((lost) => lost.operation === operation && ids.has(idOf(lost))).length
  const boardRow = (reader, expected, ids, dropped) => row(reader, channelReport(reader, expected, ids, dropped), expected, dropped, ids)
  const items = [...board.items.values()].map((item) => item.submissionId)
  const notes = (suffix) => board.notes.map((note) => noteOf(suffix)(note.body)).filter(Boolean)
  const noteDropped = (suffix) => boardDropped('create_update', regIds, (lost) => noteOf(suffix)(lost.body))
  const toSales = (words) => alerts.emails.filter((each) => each.to.includes(SALES) && each.text.includes(words))
  const toRegistrant = (prefix) => alerts.emails.filter((each) => each.idempotencyKey?.startsWith(prefix))
  const registrantOf = (each) => each.to.map((to) => regOfEmail.get(to)).find(Boolean)
  const invoices = [...stripe.invoices.values()].filter((invoice) => regIds.has(invoice.metadata?.registration_id))
  const invoiceOf = (invoice) => invoice.metadata.registration_id
  const stripeDropped = (...operations) => stripe.lostAnswers.filter((lost) => operations.includes(lost.operation)).length
  const stripeRow = (reader, ids, ...operations) => boardRow(reader, regIds, ids, stripeDropped(...operations))
  const paidText = (text = '') => (text.includes('Paid: activate') ? registrationIdIn(text) : undefined)
  const salesText = (text = '') => (text.includes('New enterprise registration') ? registrationIdIn(text) : undefined)

  const rows = [
    boardRow(
      'board items: leads',
      leadIds,
      items.filter((id) => leadIds.has(id)),
      boardDropped('create_item', leadIds),
    ),
    boardRow(
      'board notes: leads',
      leadIds,
      board.notes.map((note) => itemSubmission(note.itemId)).filter((id) => leadIds.has(id)),
      boardDropped('create_update', leadIds),
    ),
    chat(
      alerts,
      'chat: new-lead',
      leadIds,
      (text) => leads.get(leadNameIn(text)),
      (id) => nameOf.get(id),
      chats,
    ),
    email(alerts, 'e-mail: new-lead', leadIds, toSales('New lead'), (each) => leads.get(leadNameIn(each.text))),
    boardRow(
      'board items: registrations',
      regIds,
      items.filter((id) => regIds.has(id)),
      boardDropped('create_item', regIds),
    ),
    boardRow('board notes: registration', regIds, notes('note'), noteDropped('note')),
    boardRow("board notes: 'E-mail confirmed'", regIds, notes('confirmed'), noteDropped('confirmed')),
    chat(alerts, 'chat: sales (new registration)', regIds, salesText, (id) => `registration ${id}`, chats),
    email(alerts, 'e-mail: sales (new registration)', regIds, toSales('New enterprise registration'), (each) =>
      registrationIdIn(each.text),
    ),
    chat(alerts, 'chat: paid', regIds, paidText, (id) => `registration ${id}`, chats),
    email(alerts, 'e-mail: paid', regIds, toSales('Paid: activate'), (each) => registrationIdIn(each.text)),
    email(alerts, 'e-mail: registrant, request to confirm', regIds, toRegistrant('enterprise-confirm-request/'), registrantOf),
    email(alerts, 'e-mail: registrant, welcome', regIds, toRegistrant('enterprise-welcome/'), registrantOf),
    stripeRow(
      'Stripe customers',
      [...stripe.customers.values()].map((customer) => customer.metadata?.registration_id),
      'customers.create',
    ),
    stripeRow('Stripe invoices', invoices.map(invoiceOf), 'invoices.create'),
    stripeRow(
      'Stripe invoice lines',
      invoices.flatMap((invoice) => invoice.lines.map(() => invoiceOf(invoice))),
      'invoiceitems.create',
    ),
    stripeRow(
      'Stripe invoice sends',
      invoices.flatMap((invoice) => Array.from({ length: invoice.sends }, () => invoiceOf(invoice))),
      'invoices.finalize',
      'invoices.send',
    ),
  ]
  const unexpected = [...alerts.webhook.map((message) => message.text), ...alerts.emails.map((each) => each.subject)].filter((text) =>
    /Payment not matched|Payment alert not sent|Enterprise registration failed/.test(text),
  )
  return { rows, traces, unexpected, ok: rows.every((each) => each.ok) && unexpected.length === 0 }
}

/** The table, one reader a line. */
export function readerTable(rows) {
  const head = ['reader', 'expected', 'delivered', 'lost', 'duplicated', 'chat resends', 'answers dropped']
  const cells = rows.map((each) =>
    [
      each.reader,
      each.expected,
      each.delivered,
      each.lost,
      each.duplicated,
      each.reader.startsWith('chat') ? each.resends : '-',
      each.dropped,
    ].map(String),
  )
  const widths = head.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)))
  const line = (values) =>
    values.map((value, column) => (column === 0 ? value.padEnd(widths[column]) : value.padStart(widths[column]))).join('  ')
  return [line(head), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n')
}
