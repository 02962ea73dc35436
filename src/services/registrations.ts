import * as v from 'valibot'
import type { RegistrationFailureKind, RegistrationInsert } from '@/schemas/enterprise'
import { FailureError } from '@/schemas/failure'
import { retryAfterSeconds, toFailure } from './http-failure'
import { isHttpError, lazyHttp } from './http'
import { retryWithin, type RetryBudget } from './retry-policy'

/** One registration as the wizard sends it: the row, and the bot check's token when the widget gave one. */
export type RegistrationSubmission = RegistrationInsert & { turnstileToken?: string }

export interface RegistrationsService {
  /**
   * Sends one registration to the `enterprise-register` function, which verifies the token and
   * records it (decision 021). A submission_id already in resolves: an earlier try recorded it.
   * `verified`: the function's word; false when it kept the registration as unverified (then it
   * e-mails nothing), and false too when its answer does not say.
   */
  insert(registration: RegistrationSubmission, signal?: AbortSignal): Promise<{ verified: boolean }>
}

const RecordedSchema = v.object({ status: v.literal('recorded'), verified: v.boolean() })

export type RegistrationsConfig = { functionsUrl: string } & Partial<RetryBudget>

const RefusalSchema = v.object({ code: v.optional(v.string()), error: v.optional(v.string()) })

const KIND_OF_STATUS: Record<number, RegistrationFailureKind> = { 409: 'conflict', 429: 'rate-limited' }

async function failureOf(error: unknown): Promise<FailureError<RegistrationFailureKind>> {
  if (!isHttpError(error)) return toFailure('registrations', error)
  const { status } = error.response
  const body = v.safeParse(RefusalSchema, await error.response.json().catch(() => undefined))
  const code = body.success ? body.output.code : undefined
  const kind: RegistrationFailureKind =
    code === 'bad-characters'
      ? 'bad-characters'
      : (KIND_OF_STATUS[status] ?? (status >= 400 && status < 500 && status !== 408 ? 'invalid' : 'unavailable'))
  return new FailureError(kind, {
    service: 'registrations',
    detail: `HTTP ${status}${code ? ` (${code})` : ''}`,
    status,
    retryAfterSeconds: retryAfterSeconds(error),
  })
}

/**
 * The `enterprise-register` function. Resending is safe (it records each submission_id once), so
 * transient failures are retried with backoff within about 20 s, always with the same body.
 */
export function createRegistrationsService({
  functionsUrl,
  retryBudgetMs = 20_000,
  firstRetryMs = 500,
  timeoutMs = 15_000,
}: RegistrationsConfig): RegistrationsService {
  const http = lazyHttp({ timeout: timeoutMs })
  return {
    async insert(registration, signal) {
      let body: unknown
      try {
        const response = await (
          await http()
        ).post(`${functionsUrl}/enterprise-register`, {
          json: registration,
          ...retryWithin({ retryBudgetMs, firstRetryMs, timeoutMs }, signal),
        })
        body = await response.json().catch(() => undefined)
      } catch (error) {
        throw await failureOf(error)
      }
      // Recorded either way; only a clear 'verified: true' lets the page promise the e-mails.
      const recorded = v.safeParse(RecordedSchema, body)
      return { verified: recorded.success && recorded.output.verified }
    },
  }
}
