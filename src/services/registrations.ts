import type { SupabaseClient } from '@supabase/supabase-js'
import type { RegistrationFailureKind, RegistrationInsert } from '@/schemas/enterprise'
import { FailureError } from '@/schemas/failure'

export interface RegistrationsService {
  /**
   * Inserts one row into enterprise_registrations and reads nothing back (DESIGN.md, deviation 2).
   * A row whose submission_id is already in resolves: that registration was recorded by an earlier try.
   */
  insert(row: RegistrationInsert, signal?: AbortSignal): Promise<void>
}

export type RegistrationsConfig = {
  supabaseUrl: string
  anonKey: string
  /** How supabase-js arrives: a dynamic import, so it loads only when a visitor confirms. */
  loadClient?: () => Promise<Pick<typeof import('@supabase/supabase-js'), 'createClient'>>
}

export const REGISTRATIONS_TABLE = 'enterprise_registrations'

/** The unique key on submission_id, as PostgREST names it in a 23505 answer. */
const SUBMISSION_KEY = /enterprise_registrations_submission_id_key|\(submission_id\)/

const isOurSubmission = (error: { code?: string; message: string; details?: string | null }) =>
  error.code === '23505' && SUBMISSION_KEY.test(`${error.message} ${error.details ?? ''}`)

/**
 * Any other unique-key conflict (409, or Postgres 23505) is its own kind: the registration may
 * already be in. The per-address limit (the trigger's PT429, which PostgREST answers with 429) is 'rate-limited'.
 */
const BAD_CHARACTERS_REFUSAL = /enterprise_registrations_text_characters_check|unicode|surrogate/i

const kindOf = (status: number, code: string | undefined, message: string): RegistrationFailureKind =>
  (code === '23514' || code?.startsWith('22')) && BAD_CHARACTERS_REFUSAL.test(message)
    ? 'bad-characters'
    : status === 409 || code === '23505'
      ? 'conflict'
      : status === 429 || code === 'PT429'
        ? 'rate-limited'
        : status === 0
          ? 'network'
          : status >= 400 && status < 500 && status !== 408
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
        throw new FailureError('network', { service: 'registrations', detail: `supabase-js failed to load: ${String(error)}` })
      }))

  return {
    async insert(row, signal) {
      const supabase = await connect()
      const query = supabase.from(REGISTRATIONS_TABLE).insert(row)
      const { error, status } = await (signal ? query.abortSignal(signal) : query)
      if (!error || isOurSubmission(error)) return
      if (signal?.aborted) throw signal.reason
      throw new FailureError(kindOf(status, error.code, error.message), {
        service: 'registrations',
        detail: `${error.code ?? status}: ${error.message}`,
        status,
      })
    },
  }
}
