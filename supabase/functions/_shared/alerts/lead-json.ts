import type postgres from 'postgres'
import type { Sql } from '../runtime/db.ts'
import type { AlertLead } from './lead-alerts.ts'

/** The pool or a transaction of it: the same queries run in either. */
export type Db = Sql | postgres.TransactionSql

export type LeadJson = Omit<AlertLead, 'createdAt'> & { createdAt: string }
export const toLead = ({ createdAt, ...lead }: LeadJson): AlertLead => ({ ...lead, createdAt: new Date(createdAt) })

/** Contact details of a lead as JSON, for alerts and the digest. */
export const leadJson = (sql: Db) => sql`jsonb_build_object(
  'submissionId', submission_id, 'name', lead ->> 'name', 'phone', lead ->> 'phone', 'email', lead ->> 'email',
  'sourcePath', source ->> 'path', 'sourceLabel', source ->> 'label', 'createdAt', created_at, 'status', status,
  'lastError', last_error, 'boardItemId', board_item_id, 'verified', verified)`
