import * as v from 'valibot'
import { ConfirmAnswerSchema, type ConfirmRequest, type ConfirmResult } from '@/schemas/email-confirmation'
import { FailureError } from '@/schemas/failure'
import { rethrowAbort } from './http-failure'
import { isHttpError, lazyHttp } from './http'

export interface EmailConfirmationService {
  /** Posts the link's token (and `resend` for a new link); answers what the function said. */
  send(request: ConfirmRequest, signal?: AbortSignal): Promise<ConfirmResult>
}

const down = (detail: string) => new FailureError('down', { service: 'email-confirmation', detail })

/** The `enterprise-confirm` edge function: its refusals (expired, invalid, limited) are answers, not failures. */
export function createEmailConfirmationService({
  functionsUrl,
  timeoutMs = 15_000,
}: {
  functionsUrl: string
  timeoutMs?: number
}): EmailConfirmationService {
  const http = lazyHttp({ timeout: timeoutMs, retry: 0 })
  return {
    async send(request, signal) {
      let body: unknown
      try {
        body = await (await http()).post(`${functionsUrl}/enterprise-confirm`, { json: request, signal }).json()
      } catch (error) {
        rethrowAbort(error)
        if (!isHttpError(error)) throw down(String(error))
        body = await error.response.json().catch(() => undefined)
      }
      const answer = v.safeParse(ConfirmAnswerSchema, body)
      if (!answer.success) throw down('no answer the page knows')
      return answer.output.result
    },
  }
}
