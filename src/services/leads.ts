import ky from 'ky'
import * as v from 'valibot'
import { LeadAcceptedSchema, type LeadSubmission } from '@/schemas/lead'
import { ServiceError, toServiceError } from './http-failure'

export interface LeadsService {
  submit(submission: LeadSubmission, signal?: AbortSignal): Promise<{ id: string }>
}

export type LeadsConfig = { functionsUrl: string; retryLimit?: number; timeoutMs?: number }

/**
 * Posts a lead to the `leads` edge function, which holds the board token. Retrying a POST is safe
 * here: the function recognises a repeated submissionId and does not create a second item.
 */
export function createLeadsService({ functionsUrl, retryLimit = 1, timeoutMs = 20_000 }: LeadsConfig): LeadsService {
  const http = ky.create({
    timeout: timeoutMs,
    retry: { limit: retryLimit, methods: ['post'], statusCodes: [408, 429, 503, 504], backoffLimit: 3_000 },
  })
  return {
    async submit(submission, signal) {
      try {
        const body = await http.post(`${functionsUrl}/leads`, { json: submission, signal }).json()
        const parsed = v.safeParse(LeadAcceptedSchema, body)
        if (!parsed.success) throw new ServiceError('leads', 'unexpected', 'response without an item id')
        return parsed.output
      } catch (error) {
        throw toServiceError('leads', error)
      }
    },
  }
}
