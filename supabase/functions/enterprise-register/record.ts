import type { RegistrationInsert } from '../../../src/schemas/enterprise.ts'
import type { Sql } from '../_shared/runtime/db.ts'

export type Recorded =
  | { kind: 'created'; verified: boolean }
  | { kind: 'exists'; verified: boolean }
  | { kind: 'rate-limited' }
  | { kind: 'invalid'; fields: string[] }
  | { kind: 'bad-characters' }

export interface RegistrationRecorder {
  /** The registration's `verified` when its submission id is already in. */
  find(submissionId: string): Promise<{ verified: boolean } | undefined>
  /**
   * Inserts the row as the wizard sent it. `address` is the one trusted header and its value: the
   * insert triggers key the per-address limit and count the daily cap from it, as they did for PostgREST.
   */
  insert(row: RegistrationInsert, verified: boolean, address: { header: string; value: string | null }): Promise<Recorded>
}

type PgError = { code?: string; constraint_name?: string }

/** The database refused the row itself: its CHECK constraints mirror the shared schema. */
function refusal(error: PgError): Recorded | undefined {
  if (error.code === 'PT429') return { kind: 'rate-limited' }
  if (error.code === '23514' && error.constraint_name === 'enterprise_registrations_text_characters_check')
    return { kind: 'bad-characters' }
  if (error.code === '23514') {
    const field = /^enterprise_registrations_(.+)_check$/.exec(error.constraint_name ?? '')?.[1]
    return { kind: 'invalid', fields: field ? [field] : [] }
  }
  // Class 22: a NUL or broken text PostgreSQL cannot store; never worth a retry.
  if (error.code?.startsWith('22')) return { kind: 'bad-characters' }
  return undefined
}

export function pgRegistrationRecorder(sql: Sql): RegistrationRecorder {
  const find = async (submissionId: string) => {
    const [row] = await sql<{ verified: boolean }[]>`
      select verified from enterprise_registrations where submission_id = ${submissionId}`
    return row
  }
  return {
    find,
    async insert(row, verified, address) {
      try {
        const [inserted] = await sql.begin(async (tx) => {
          await tx`select set_config('request.headers', ${JSON.stringify(address.value ? { [address.header]: address.value } : {})}, true)`
          return tx<{ verified: boolean }[]>`
            insert into enterprise_registrations
              (submission_id, name, email, phone, company_name, full_address, seats, selected_plan, billing_cycle, legal_agreements, verified,
               attribution)
            values (${row.submission_id}, ${row.name}, ${row.email}, ${row.phone}, ${row.company_name}, ${row.full_address},
                    ${row.seats}, ${row.selected_plan}, ${row.billing_cycle}, ${tx.json(row.legal_agreements)}, ${verified},
                    ${row.attribution ? tx.json(row.attribution) : null})
            returning verified`
        })
        return { kind: 'created', verified: inserted!.verified }
      } catch (error) {
        const pg = error as PgError
        // Two tries of one registration at once: the other one recorded it.
        if (pg.code === '23505') {
          const existing = await find(row.submission_id)
          if (existing) return { kind: 'exists', verified: existing.verified }
        }
        const refused = refusal(pg)
        if (refused) return refused
        throw error
      }
    },
  }
}
