import type { Sql } from '../runtime/db.ts'
import type { Claimed, OutboxItem } from '../outbox/outbox.ts'
import { outboxFields, pgOutbox, type OutboxColumns, type PgOutbox } from '../outbox/pg-outbox.ts'
import type { Attribution, ConversionInput, ConversionKind } from './conversion.ts'

export type Platform = 'google' | 'meta'

/** One row of `ad_conversions`: which event for which platform, and where its record is. No personal data. */
export type ConversionItem = OutboxItem & {
  platform: Platform
  dedupKey: string
  kind: ConversionKind
  leadSubmissionId: string | null
  bookingId: string | null
  stripeEventId: string | null
  registrationId: string | null
  valueUsd: number | null
}

type Row = OutboxColumns & {
  platform: Platform
  dedup_key: string
  kind: ConversionKind
  lead_submission_id: string | null
  booking_id: string | null
  stripe_event_id: string | null
  registration_id: string | null
  value_usd: string | null
  created_at: Date
}

const toItem = (row: Row): ConversionItem => ({
  ...outboxFields(row),
  platform: row.platform,
  dedupKey: row.dedup_key,
  kind: row.kind,
  leadSubmissionId: row.lead_submission_id,
  bookingId: row.booking_id === null ? null : String(row.booking_id),
  stripeEventId: row.stripe_event_id,
  registrationId: row.registration_id,
  valueUsd: row.value_usd === null ? null : Number(row.value_usd),
  createdAt: row.created_at,
})

/** What a record holds for its event, read at send time; erased records have no attribution. */
type RecordRow = { at: Date; email: string | null; phone: string | null; attribution: Attribution | null; genuine: boolean }

export type ConversionStore = PgOutbox<ConversionItem> & {
  /**
   * The event from its record, or undefined when the record is gone or erased (never sent with blanks),
   * or 'not-genuine' when its lead stopped being genuine after the row was queued (staff's decision).
   */
  input(item: ConversionItem): Promise<ConversionInput | 'not-genuine' | undefined>
  skipped(item: Claimed<ConversionItem>, reason: string, detail: string): Promise<boolean>
  /** Sent Google rows whose processing status is not final yet, oldest first. */
  unchecked(limit: number): Promise<{ id: string; requestId: string }[]>
  processing(id: string, requestStatus: string): Promise<boolean>
  sql: Sql
}

const hasClick = (attribution: Attribution | null): attribution is Attribution =>
  !!attribution && typeof attribution.clickIds === 'object' && attribution.clickIds !== null && Object.keys(attribution.clickIds).length > 0

export function pgConversionStore(sql: Sql): ConversionStore {
  const outbox = pgOutbox<Row, ConversionItem>(sql, { table: 'ad_conversions', key: 'id', doneStatus: 'sent', doneAt: 'sent_at', toItem })

  // `genuine`: the queueing triggers' rule (20261202070000) read again at send time, as a row can wait
  // for days (a platform misconfigured, retries) while staff call its lead not genuine on the board.
  async function record(item: ConversionItem): Promise<RecordRow | undefined> {
    if (item.kind === 'lead') {
      const rows = await sql<RecordRow[]>`
        select created_at as at, lead ->> 'email' as email, lead ->> 'phone' as phone, attribution,
               (verified is true and status <> 'spam' and staff_decision is distinct from 'not-genuine') as genuine
        from public.leads where submission_id = ${item.leadSubmissionId} and anonymised_at is null`
      return rows[0]
    }
    if (item.kind === 'call') {
      const rows = await sql<RecordRow[]>`
        select b.created_at as at, nullif(b.attendee_email, '') as email, nullif(b.attendee_phone, '') as phone,
               coalesce(b.attribution, l.attribution) as attribution,
               (l.verified is true and l.status <> 'spam' and l.staff_decision is distinct from 'not-genuine') as genuine
        from public.lead_bookings b join public.leads l on l.id = b.lead_id and l.anonymised_at is null
        where b.id = ${item.bookingId}`
      return rows[0]
    }
    const rows = await sql<RecordRow[]>`
      select coalesce(e.invoice_paid_at, e.received_at) as at, r.email, r.phone,
             case when coalesce(r.attribution -> 'clickIds', '{}'::jsonb) <> '{}'::jsonb then r.attribution
                  -- The lead's click, under the consent given last: the registrant's, when they were asked.
                  when r.attribution ? 'consent' and l.attribution is not null
                    then jsonb_set(l.attribution, '{consent}', r.attribution -> 'consent')
                  else l.attribution end
               as attribution, true as genuine
      from public.stripe_webhook_events e
      join public.enterprise_registrations r on r.id = ${item.registrationId}
      left join public.leads l on l.submission_id = r.lead_submission_id and l.anonymised_at is null
      where e.event_id = ${item.stripeEventId}`
    return rows[0]
  }

  return {
    ...outbox,
    sql,
    async input(item) {
      const found = await record(item)
      if (!found || !hasClick(found.attribution)) return undefined
      if (!found.genuine) return 'not-genuine'
      const userAgent = (found.attribution as { userAgent?: unknown }).userAgent
      return {
        kind: item.kind,
        dedupKey: item.dedupKey,
        at: found.at,
        ...(found.email && { email: found.email }),
        ...(found.phone && { phone: found.phone }),
        attribution: found.attribution,
        ...(item.valueUsd !== null && { valueUsd: item.valueUsd }),
        ...(typeof userAgent === 'string' && userAgent && { userAgent }),
      }
    },
    async skipped(item, reason, detail) {
      const [row] = await sql<{ applied: boolean }[]>`
        select public.ad_conversion_skipped(${item.id}, ${item.claimToken}, ${reason}, ${detail.slice(0, 1000)}) as applied`
      return row?.applied === true
    },
    async unchecked(limit) {
      const rows = await sql<{ id: string; platform_request_id: string }[]>`
        select id, platform_request_id from public.ad_conversions
        where status = 'sent' and platform = 'google' and platform_request_id is not null
          and (processing_status is null or processing_status = 'PROCESSING')
          and (processing_checked_at is null or processing_checked_at < now() - interval '10 minutes')
        order by sent_at limit ${limit}`
      return rows.map((row) => ({ id: String(row.id), requestId: row.platform_request_id }))
    },
    async processing(id, requestStatus) {
      const [row] = await sql<{ applied: boolean }[]>`select public.ad_conversion_processing(${id}, ${requestStatus}) as applied`
      return row?.applied === true
    },
  }
}
