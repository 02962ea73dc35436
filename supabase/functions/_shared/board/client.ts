import * as v from 'valibot'
import type { Lead, Tracking } from '../../../../src/schemas/lead.ts'
import { withoutInvisible } from '../../../../src/schemas/visitor-text.ts'
import { refusalOf } from './refusal.ts'
import { boardPhone } from '../runtime/phone.ts'
import type { Fetch } from '../http/http.ts'
import { retryAfterHeaderMs } from '../../../../src/lib/retry-after.ts'
import { excerpt, postJson } from '../http/upstream.ts'

export const BOARD_API_VERSION = '2025-04'
export const DEFAULT_BOARD_API_URL = 'https://api.monday.com/v2'
export const DEFAULT_BOARD_GROUP_ID = 'topics'
/** MONDAY_ENTERPRISE_GROUP_ID's default: the group of enterprise deals. */
export const DEFAULT_ENTERPRISE_GROUP_ID = 'enterprise'

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
  /** A text column holding the submission id: redelivery looks an item up by it before creating one. */
  submission: 'submission_id',
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

export const FIND_ITEM = /* GraphQL */ `
  query FindLeadItem($boardId: ID!, $columnId: String!, $submissionId: String!) {
    items_page_by_column_values(board_id: $boardId, limit: 1, columns: [{ column_id: $columnId, column_values: [$submissionId] }]) {
      items {
        id
      }
    }
  }
`

/** A booking's call on its item: the date column and the status column (booking-item.ts). */
export const CHANGE_COLUMNS = /* GraphQL */ `
  mutation ChangeBookingColumns($boardId: ID!, $itemId: ID!, $columnValues: JSON!) {
    change_multiple_column_values(board_id: $boardId, item_id: $itemId, column_values: $columnValues) {
      id
    }
  }
`

/** An item's latest updates, newest first: a note is looked up here by its reference line before it is created. */
export const ITEM_UPDATES = /* GraphQL */ `
  query ItemUpdates($itemId: ID!, $limit: Int!) {
    items(ids: [$itemId]) {
      id
      updates(limit: $limit) {
        id
        body
        text_body
      }
    }
  }
`

export type ChangeColumnsVariables = { boardId: string; itemId: string; columnValues: string }
export type CreateItemVariables = { boardId: string; groupId: string; itemName: string; columnValues: string }
export type CreateUpdateVariables = { itemId: string; body: string }
export type FindItemVariables = { boardId: string; submissionId: string }

/**
 * Phone and email columns take objects; `column_values` itself travels as a JSON string. The phone
 * is E.164 with its own country, so the board's flag and click-to-call are right (deviation 9).
 */
export function leadColumnValues(lead: Lead, tracking: Tracking, submissionId: string): string {
  return JSON.stringify({
    [LEAD_COLUMNS.submission]: submissionId,
    [LEAD_COLUMNS.name]: lead.name,
    [LEAD_COLUMNS.phone]: boardPhone(lead.phone),
    [LEAD_COLUMNS.email]: { email: lead.email, text: lead.email },
    [LEAD_COLUMNS.address]: lead.business,
    [LEAD_COLUMNS.locations]: lead.locations,
    [LEAD_COLUMNS.platform]: tracking.platform,
    [LEAD_COLUMNS.keyword]: tracking.keyword,
  })
}

/**
 * An item's name and column values without invisible characters (src/schemas/visitor-text.ts): the
 * schemas remove them on the way in; this also covers rows stored before they did.
 */
function visibleItem<T extends { itemName?: string; columnValues: string }>(variables: T): T {
  const columnValues = JSON.stringify(
    JSON.parse(variables.columnValues, (_key, value: unknown) => (typeof value === 'string' ? withoutInvisible(value) : value)),
  )
  return variables.itemName === undefined
    ? { ...variables, columnValues }
    : { ...variables, itemName: withoutInvisible(variables.itemName), columnValues }
}

export type BoardFailure = {
  /** 'auth' and 'access' are refusals a person must fix (refusal.ts); alerts read them from `failure_reason`. */
  reason: 'auth' | 'access' | 'graphql' | 'rate-limited' | 'http' | 'invalid-response' | 'timeout' | 'network'
  message: string
  status?: number
  /** How long the board asked us to wait (Retry-After, `retry_in_seconds`, a daily limit). */
  retryInMs?: number
}
export type BoardResult = { ok: true; id: string; warning?: string } | { ok: false; failure: BoardFailure }

export type BoardClientConfig = {
  token: string
  apiUrl: string
  fetch: Fetch
  sleep: (ms: number) => Promise<void>
  timeoutMs: number
  maxRetryAfterMs: number
  now?: () => number
}

const ErrorExtensions = v.object({
  code: v.optional(v.string()),
  status_code: v.optional(v.number()),
  retry_in_seconds: v.optional(v.number()),
})
const Answer = v.object({
  data: v.nullish(v.record(v.string(), v.unknown())),
  errors: v.optional(v.array(v.object({ message: v.string(), extensions: v.optional(ErrorExtensions) }))),
  error_message: v.optional(v.string()),
  error_code: v.optional(v.string()),
  status_code: v.optional(v.number()),
  retry_in_seconds: v.optional(v.number()),
})
const WithId = v.object({ id: v.union([v.string(), v.number()]) })
const FoundItems = v.object({ items: v.array(WithId) })
const ItemsWithUpdates = v.array(
  v.object({
    id: v.union([v.string(), v.number()]),
    updates: v.nullish(v.array(v.object({ id: v.union([v.string(), v.number()]), body: v.string(), text_body: v.nullish(v.string()) }))),
  }),
)

/** The board's own wait hints: complexity budgets say `retry_in_seconds`, daily limits reset at 00:00 UTC. */
export function boardHintMs(body: v.InferOutput<typeof Answer> | undefined, now: number): number | undefined {
  const seconds =
    body?.retry_in_seconds ?? body?.errors?.find((error) => error.extensions?.retry_in_seconds !== undefined)?.extensions?.retry_in_seconds
  if (seconds !== undefined) return Math.max(0, seconds * 1000)
  const codes = [body?.error_code, ...(body?.errors ?? []).map((error) => error.extensions?.code)]
  if (codes.some((code) => code && /daily_limit/i.test(code))) {
    const midnight = new Date(now)
    midnight.setUTCHours(24, 0, 0, 0)
    return midnight.getTime() - now
  }
  return undefined
}

export type FindResult = { ok: true; id: string | undefined } | { ok: false; failure: BoardFailure }
export type BoardUpdate = { id: string; body: string; textBody: string }
export type UpdatesResult = { ok: true; updates: BoardUpdate[] } | { ok: false; failure: BoardFailure }

export function createBoardClient(config: BoardClientConfig) {
  const headers = { authorization: config.token, 'api-version': BOARD_API_VERSION }
  const now = config.now ?? Date.now

  async function attempt(query: string, variables: object, field: string): Promise<Attempt> {
    const answer = await postJson(config.fetch, config.apiUrl, {
      headers,
      payload: { query, variables },
      timeoutMs: config.timeoutMs,
      once: true,
    })
    if (answer.kind !== 'answer') return fail({ reason: answer.kind, message: answer.message })

    const parsed = v.safeParse(Answer, answer.json)
    const body = parsed.success ? parsed.output : undefined
    const { status } = answer
    const message = body?.errors?.[0]?.message ?? body?.error_message ?? `HTTP ${status} ${excerpt(answer.text)}`.trim()
    const hint = retryAfterHeaderMs(answer.headers) ?? boardHintMs(body, now())
    if (status === 429 || status >= 500) {
      return { ...fail({ reason: status === 429 ? 'rate-limited' : 'http', status, message, retryInMs: hint }), retryInMs: hint }
    }
    const refusal = refusalOf({
      status,
      codes: [body?.error_code, ...(body?.errors ?? []).map((error) => error.extensions?.code)],
      statusCodes: [body?.status_code, ...(body?.errors ?? []).map((error) => error.extensions?.status_code)],
      messages: [body?.error_message ?? '', ...(body?.errors ?? []).map((error) => error.message)],
    })
    if (status < 200 || status > 299) return fail({ reason: refusal ?? 'http', status, message })
    if (!body) return fail({ reason: 'invalid-response', status, message: `unexpected answer: ${excerpt(answer.text)}` })

    const value = body.data?.[field]
    const graphqlError = body.errors?.[0]?.message
    if (value !== undefined && value !== null) return { result: { ok: true, value, warning: graphqlError } }
    if (graphqlError)
      return fail({ reason: hint !== undefined ? 'rate-limited' : (refusal ?? 'graphql'), status, message: graphqlError, retryInMs: hint })
    return fail({ reason: 'invalid-response', status, message: `no ${field} in the answer` })
  }

  /** 429 and 5xx are retried once, and only when Retry-After asks for a short wait. */
  async function call(query: string, variables: object, field: string): Promise<Raw> {
    const first = await attempt(query, variables, field)
    if (first.retryInMs === undefined || first.retryInMs > config.maxRetryAfterMs) return first.result
    await config.sleep(first.retryInMs)
    return (await attempt(query, variables, field)).result
  }

  async function withId(query: string, variables: object, field: string): Promise<BoardResult> {
    const raw = await call(query, variables, field)
    if (!raw.ok) return raw
    const item = v.safeParse(WithId, raw.value)
    // An id means the item exists: failing now would make the visitor resubmit a duplicate.
    if (!item.success) return { ok: false, failure: { reason: 'invalid-response', message: `no ${field}.id in the answer` } }
    const id = String(item.output.id)
    return raw.warning ? { ok: true, id, warning: raw.warning } : { ok: true, id }
  }

  return {
    /** Any other document (`review-item.ts`): the answer's `field`, parsed by the caller. */
    query: (document: string, variables: object, field: string) => call(document, variables, field),
    createItem: (variables: CreateItemVariables) => withId(CREATE_ITEM, visibleItem(variables), 'create_item'),
    createUpdate: (variables: CreateUpdateVariables) => withId(CREATE_UPDATE, variables, 'create_update'),
    changeColumns: (variables: ChangeColumnsVariables) => withId(CHANGE_COLUMNS, visibleItem(variables), 'change_multiple_column_values'),
    async findItem(variables: FindItemVariables): Promise<FindResult> {
      const raw = await call(FIND_ITEM, { ...variables, columnId: LEAD_COLUMNS.submission }, 'items_page_by_column_values')
      if (!raw.ok) return raw
      const found = v.safeParse(FoundItems, raw.value)
      if (!found.success) return { ok: false, failure: { reason: 'invalid-response', message: 'no items in the lookup answer' } }
      const first = found.output.items[0]
      return { ok: true, id: first === undefined ? undefined : String(first.id) }
    },
    async itemUpdates(variables: { itemId: string; limit: number }): Promise<UpdatesResult> {
      const raw = await call(ITEM_UPDATES, variables, 'items')
      if (!raw.ok) return raw
      const found = v.safeParse(ItemsWithUpdates, raw.value)
      if (!found.success) return { ok: false, failure: { reason: 'invalid-response', message: 'no items in the updates answer' } }
      const updates = found.output.flatMap((item) => item.updates ?? [])
      return {
        ok: true,
        updates: updates.map((update) => ({ id: String(update.id), body: update.body, textBody: update.text_body ?? '' })),
      }
    },
  }
}

export type Raw = { ok: true; value: unknown; warning?: string } | { ok: false; failure: BoardFailure }
type Attempt = { result: Raw; retryInMs?: number }

function fail(failure: BoardFailure): Attempt {
  return { result: { ok: false, failure } }
}

export type BoardClient = ReturnType<typeof createBoardClient>
