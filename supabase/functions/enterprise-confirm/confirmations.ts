import type { Sql } from '../_shared/runtime/db.ts'

export type LinkState = { confirmed: boolean; linkIssuedAt: Date | null }

/** The registration side of a confirmation, in the database (20261130010000_enterprise_email_confirmation.sql). */
export interface Confirmations {
  state(id: string): Promise<LinkState | undefined>
  confirm(id: string): Promise<'confirmed' | 'already-confirmed' | 'unknown'>
  newLink(id: string): Promise<'queued' | 'limited' | 'already-confirmed' | 'unknown'>
}

export function pgConfirmations(sql: Sql): Confirmations {
  return {
    async state(id) {
      const [row] = await sql<{ email_confirmed_at: Date | null; confirm_link_issued_at: Date | null }[]>`
        select email_confirmed_at, confirm_link_issued_at from public.enterprise_registrations where id = ${id}`
      return row && { confirmed: row.email_confirmed_at !== null, linkIssuedAt: row.confirm_link_issued_at }
    },
    async confirm(id) {
      const [row] = await sql<{ result: 'confirmed' | 'already-confirmed' | 'unknown' }[]>`
        select public.confirm_enterprise_registration(${id}) as result`
      return row!.result
    },
    async newLink(id) {
      const [row] = await sql<{ result: 'queued' | 'limited' | 'already-confirmed' | 'unknown' }[]>`
        select public.request_new_enterprise_confirm_link(${id}) as result`
      return row!.result
    },
  }
}
