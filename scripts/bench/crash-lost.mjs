// Where each record a reader lost stands in our own tables: not what is counted (the fakes are),
// but what tells which step lost it (announced and never sent, delivered without its note, …).
// A column another version of the tables lacks leaves the state unknown, never the count.
const leadState = (row) =>
  `leads row ${row.status}${row.announced ? ', marked announced (sales_alerted_at)' : ''}${row.on_board ? ', board item recorded' : ''}`
const registrationState = (row) =>
  `registration ${row.status}; ${Object.entries(row)
    .filter(([key, value]) => key !== 'id' && key !== 'status' && value)
    .map(([key]) => key)
    .join(', ')}`

/** One line per reader that lost something: which records, and their state in our tables. */
export async function lostDetails(sql, rows, leads) {
  const nameOf = new Map([...leads].map(([name, id]) => [id, name]))
  const lines = []
  for (const row of rows.filter((each) => each.missing.length > 0)) {
    const leadIds = row.missing.filter((id) => nameOf.has(id))
    const regIds = row.missing.filter((id) => !nameOf.has(id))
    const leadRows = leadIds.length
      ? await sql`
          select submission_id as id, status, sales_alerted_at is not null as announced, board_item_id is not null as on_board
          from leads where submission_id = any(${leadIds})`.catch(() => [])
      : []
    const regRows = regIds.length
      ? await sql`
          select id, status, board_item_id is not null as board_item, board_note_sent_at is not null as board_note,
            sales_alert_sent_at is not null as sales_alert, confirm_slot_at is not null as confirm_slot,
            confirm_limited_at is not null as confirm_limited, confirm_request_sent_at is not null as confirm_request,
            email_confirmed_at is not null as email_confirmed, confirmation_sent_at is not null as welcome
          from enterprise_registrations where id = any(${regIds})`.catch(() => [])
      : []
    const states = new Map([
      ...leadRows.map((each) => [each.id, leadState(each)]),
      ...regRows.map((each) => [each.id, registrationState(each)]),
    ])
    for (const id of row.missing)
      lines.push(`${row.reader}: lost ${nameOf.get(id) ?? `registration ${id}`} (${states.get(id) ?? 'state unknown'})`)
  }
  return lines
}
