import * as v from 'valibot'
import type { Lead, Tracking } from '../../../src/schemas/lead.ts'
import type { Fetch } from '../_shared/http.ts'
import { excerpt, postJson, retryAfterMs } from '../_shared/upstream.ts'

export const BOARD_API_VERSION = '2025-04'
export const DEFAULT_BOARD_API_URL = 'https://api.monday.com/v2'
export const DEFAULT_BOARD_GROUP_ID = 'topics'

/**
 * Column ids of the agency's lead board, keyed by what they hold. Ids are per board: copy them
 * from the board (column menu > "Column ID") when the board changes. `name` is the board's own
 * text column for the person's name, as the original site wrote it; if it ever points at the
 * built-in item-name column it would overwrite `Lead: <name>`.
 */
export const LEAD_COLUMNS = {
  name: 'name',
  phone: 'phone',
  email: 'email',
  address: 'address',
  locations: 'locations',
  platform: 'platform',
  keyword: 'keyword',
} as const

export const CREATE_ITEM = /* GraphQL */ `
  mutation CreateLeadItem($boardId: ID!, $groupId: String!, $itemName: String!, $columnValues: JSON!) {
    create_item(board_id: $boardId, group_id: $groupId, item_name: $itemName, column_values: $columnValues) {
      id
    }
  }
`

export const CREATE_UPDATE = /* GraphQL */ `
  mutation CreateLeadUpdate($itemId: ID!, $body: String!) {
    create_update(item_id: $itemId, body: $body) {
      id
    }
  }
`

export type CreateItemVariables = { boardId: string; groupId: string; itemName: string; columnValues: string }
export type CreateUpdateVariables = { itemId: string; body: string }

/** Phone and email columns take objects; `column_values` itself travels as a JSON string. */
export function leadColumnValues(lead: Lead, tracking: Tracking): string {
  return JSON.stringify({
    [LEAD_COLUMNS.name]: lead.name,
    [LEAD_COLUMNS.phone]: { phone: lead.phone, countryShortName: 'US' },
    [LEAD_COLUMNS.email]: { email: lead.email, text: lead.email },
    [LEAD_COLUMNS.address]: lead.business,
    [LEAD_COLUMNS.locations]: lead.locations,
    [LEAD_COLUMNS.platform]: tracking.platform,
    [LEAD_COLUMNS.keyword]: tracking.keyword,
  })
}

export type BoardFailure = {
  reason: 'graphql' | 'rate-limited' | 'http' | 'invalid-response' | 'timeout' | 'network'
  message: string
  status?: number
}
export type BoardResult = { ok: true; id: string; warning?: string } | { ok: false; failure: BoardFailure }

export type BoardClientConfig = {
  token: string
  apiUrl: string
  fetch: Fetch
  sleep: (ms: number) => Promise<void>
  timeoutMs: number
  maxRetryAfterMs: number
}

const Answer = v.object({
  data: v.nullish(v.record(v.string(), v.nullish(v.object({ id: v.union([v.string(), v.number()]) })))),
  errors: v.optional(v.array(v.object({ message: v.string() }))),
  error_message: v.optional(v.string()),
})

export function createBoardClient(config: BoardClientConfig) {
  const headers = { authorization: config.token, 'api-version': BOARD_API_VERSION }

  async function attempt(query: string, variables: object, field: string): Promise<Attempt> {
    const answer = await postJson(config.fetch, config.apiUrl, { headers, payload: { query, variables }, timeoutMs: config.timeoutMs })
    if (answer.kind !== 'answer') return fail({ reason: answer.kind, message: answer.message })

    const parsed = v.safeParse(Answer, answer.json)
    const body = parsed.success ? parsed.output : undefined
    const { status } = answer
    const message = body?.errors?.[0]?.message ?? body?.error_message ?? `HTTP ${status} ${excerpt(answer.text)}`.trim()
    if (status === 429 || status >= 500) {
      return { ...fail({ reason: status === 429 ? 'rate-limited' : 'http', status, message }), retryInMs: retryAfterMs(answer.headers) }
    }
    if (status < 200 || status > 299) return fail({ reason: 'http', status, message })
    if (!body) return fail({ reason: 'invalid-response', status, message: `unexpected answer: ${excerpt(answer.text)}` })

    const id = body.data?.[field]?.id
    const graphqlError = body.errors?.[0]?.message
    // An id means the item exists: failing now would make the visitor resubmit a duplicate.
    if (id !== undefined)
      return { result: graphqlError ? { ok: true, id: String(id), warning: graphqlError } : { ok: true, id: String(id) } }
    if (graphqlError) return fail({ reason: 'graphql', status, message: graphqlError })
    return fail({ reason: 'invalid-response', status, message: `no ${field}.id in the answer` })
  }

  /** 429 and 5xx are retried once, and only when Retry-After asks for a short wait. */
  async function call(query: string, variables: object, field: string): Promise<BoardResult> {
    const first = await attempt(query, variables, field)
    if (first.retryInMs === undefined || first.retryInMs > config.maxRetryAfterMs) return first.result
    await config.sleep(first.retryInMs)
    return (await attempt(query, variables, field)).result
  }

  return {
    createItem: (variables: CreateItemVariables) => call(CREATE_ITEM, variables, 'create_item'),
    createUpdate: (variables: CreateUpdateVariables) => call(CREATE_UPDATE, variables, 'create_update'),
  }
}

type Attempt = { result: BoardResult; retryInMs?: number }

function fail(failure: BoardFailure): Attempt {
  return { result: { ok: false, failure } }
}

export type BoardClient = ReturnType<typeof createBoardClient>
