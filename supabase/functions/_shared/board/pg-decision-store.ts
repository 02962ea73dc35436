import { outboxFields, pgOutbox } from '../outbox/pg-outbox.ts'
import type { Sql } from '../runtime/db.ts'
import { failWithNotice } from '../notify/outbox-notice.ts'
import type { DecisionItem, DecisionOutcome, DecisionStore, SubjectKind } from './decision-store.ts'
import type { StaffDecision } from './needs-a-look.ts'

type Row = {
  id: string
  item_id: string
  label: string | null
  decision: StaffDecision | null
  user_id: string | null
  changed_at: Date
  outcome: DecisionOutcome | null
  subject_kind: SubjectKind | null
  subject_id: string | null
  attempts: number
  claimed_until: Date | null
  claim_token: string | null
  last_error: string | null
  failure_reason: string | null
  created_at: Date
}

const toItem = (row: Row): DecisionItem => ({
  ...outboxFields(row),
  createdAt: row.created_at,
  itemId: row.item_id,
  label: row.label,
  decision: row.decision,
  userId: row.user_id,
  changedAt: row.changed_at,
  outcome: row.outcome,
  subjectKind: row.subject_kind,
  subjectId: row.subject_id,
})

/** The board's decisions on PostgreSQL (`*_board_decisions.sql`). */
export function pgDecisionStore(sql: Sql): DecisionStore {
  const outbox = pgOutbox<Row, DecisionItem>(sql, {
    table: 'board_decision_events',
    key: 'id',
    doneStatus: 'done',
    doneAt: 'completed_at',
    toItem,
  })
  return {
    ...outbox,
    async record(event) {
      const rows = await sql`
        insert into board_decision_events (event_key, board_id, item_id, column_id, label, decision, user_id, changed_at)
        values (${event.key}, ${event.boardId}, ${event.itemId}, ${event.columnId}, ${event.label}, ${event.decision},
                ${event.userId}, ${event.changedAt})
        on conflict (event_key) do nothing
        returning id`
      return rows.length === 1
    },
    decide: (item) =>
      sql.begin(async (tx) => {
        const [row] = await tx<Row[]>`
          select * from board_decision_events
          where id = ${item.id} and claim_token = ${item.claimToken} and status = 'pending' for update`
        if (!row) return undefined
        if (row.outcome) return { outcome: row.outcome, subjectKind: row.subject_kind }
        const [subject] = await tx<{ kind: SubjectKind | null; id: string | null }[]>`select * from board_item_subject(${row.item_id})`
        let outcome: DecisionOutcome
        if (!subject?.kind || !subject.id) outcome = 'unknown-item'
        else if (!row.decision) outcome = 'cleared'
        else {
          const [applied] = await tx<{ outcome: DecisionOutcome }[]>`
            select record_staff_decision(${subject.kind}, ${subject.id}, ${row.decision}, ${row.changed_at}) as outcome`
          outcome = applied!.outcome
        }
        await tx`
          update board_decision_events set outcome = ${outcome}, subject_kind = ${subject?.kind ?? null},
            subject_id = ${subject?.id ?? null}, updated_at = now()
          where id = ${item.id}`
        return { outcome, subjectKind: subject?.kind ?? null }
      }),
    async stillStands(item) {
      const [row] = await sql<{ stands: boolean }[]>`
        select coalesce(
          case e.subject_kind
            when 'lead' then (select l.staff_decision = e.decision and l.staff_decided_at = e.changed_at
                              from leads l where l.id = e.subject_id::bigint)
            when 'registration' then (select r.staff_decision = e.decision and r.staff_decided_at = e.changed_at
                                      from enterprise_registrations r where r.id = e.subject_id::uuid)
            else (select bool_and(b.staff_decision = e.decision and b.staff_decided_at = e.changed_at)
                  from lead_bookings b where coalesce(b.review_item_id, b.board_item_id) = e.subject_id)
          end, false) as stands
        from board_decision_events e where e.id = ${item.id}`
      return row?.stands ?? false
    },
    async bookingRelease(itemId) {
      const [row] = await sql<{ linked: boolean; name: string | null; status: string | null; board_item_id: string | null }[]>`
        select b.review_item_id is not null and b.lead_id is not null as linked,
               l.lead ->> 'name' as name, l.status, l.board_item_id
        from lead_bookings b left join leads l on l.id = coalesce(b.lead_id, b.possible_lead_id)
        where coalesce(b.review_item_id, b.board_item_id) = ${itemId}
        order by b.id limit 1`
      const lead = row?.status ? { name: row.name ?? '', status: row.status, boardItemId: row.board_item_id } : undefined
      return { linked: row?.linked ?? false, lead }
    },
    failedWithNotice: (item, failure, notice) => failWithNotice(sql, 'board_decision_events', item, failure, notice),
  }
}
