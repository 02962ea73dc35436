import type { SupabaseClient } from '@supabase/supabase-js'
import type { RegistrationRow } from '@/schemas/enterprise'
import { ServiceError, type FailureKind } from './http-failure'

export interface RegistrationsService {
  /** Inserts one row into enterprise_registrations and reads nothing back (DESIGN.md, deviation 2). */
  insert(row: RegistrationRow, signal?: AbortSignal): Promise<void>
}

export type RegistrationsConfig = {
  supabaseUrl: string
  anonKey: string
  /** How supabase-js arrives: a dynamic import, so it loads only when a visitor confirms. */
  loadClient?: () => Promise<Pick<typeof import('@supabase/supabase-js'), 'createClient'>>
}

export const REGISTRATIONS_TABLE = 'enterprise_registrations'

/** PostgreSQL's unique_violation, which PostgREST answers with 409. */
const UNIQUE_VIOLATION = '23505'

const kindOf = (status: number, code: string | undefined): FailureKind =>
  status === 409 || code === UNIQUE_VIOLATION
    ? 'conflict'
    : status === 0
      ? 'network'
      : status >= 400 && status < 500 && status !== 408 && status !== 429
        ? 'invalid'
        : 'unavailable'

export function createRegistrationsService({
  supabaseUrl,
  anonKey,
  loadClient = () => import('@supabase/supabase-js'),
}: RegistrationsConfig): RegistrationsService {
  let client: Promise<SupabaseClient> | undefined
  const connect = () =>
    (client ??= loadClient()
      .then(({ createClient }) =>
        createClient(supabaseUrl, anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        }),
      )
      .catch((error: unknown) => {
        client = undefined
        throw new ServiceError('registrations', 'network', `supabase-js failed to load: ${String(error)}`)
      }))

  return {
    async insert(row, signal) {
      const supabase = await connect()
      const query = supabase.from(REGISTRATIONS_TABLE).insert(row)
      const { error, status } = await (signal ? query.abortSignal(signal) : query)
      if (!error) return
      if (signal?.aborted) throw signal.reason
      throw new ServiceError('registrations', kindOf(status, error.code), `${error.code ?? status}: ${error.message}`, status)
    },
  }
}
