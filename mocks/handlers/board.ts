import { http, HttpResponse } from 'msw'

// The work-management board's GraphQL API as the `leads` edge function sees it. Node only: the
// browser never talks to the board. Application errors come back as HTTP 200 with `errors[]`.
export const BOARD_API_URL = 'https://api.monday.com/v2'

type GraphqlBody = { query?: unknown; variables?: Record<string, unknown> }

const graphqlError = (message: string, code: string) => HttpResponse.json({ errors: [{ message, extensions: { code } }] })

let nextItemId = 7_000_000_000

function isJsonObjectString(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
  } catch {
    return false
  }
}

/** Happy-path board: answers create_item, create_update and change_multiple_column_values, rejects what the real API would. */
export async function answerBoard(request: Request): Promise<Response> {
  if (!request.headers.get('authorization')) return HttpResponse.json({ errors: [{ message: 'Not Authenticated' }] }, { status: 401 })
  const body = (await request.json().catch(() => ({}))) as GraphqlBody
  const variables = body.variables ?? {}
  if (typeof body.query !== 'string') return graphqlError('No query string was present', 'INVALID_REQUEST')
  if (body.query.includes('create_item(')) {
    if (!variables.boardId || !variables.itemName) return graphqlError('Missing board_id or item_name', 'InvalidArgumentException')
    if (!isJsonObjectString(variables.columnValues)) return graphqlError('column_values must be a JSON string', 'ColumnValueException')
    return HttpResponse.json({
      data: { create_item: { id: String(nextItemId++) } },
    })
  }
  if (body.query.includes('create_update(')) {
    if (!variables.itemId || typeof variables.body !== 'string') return graphqlError('Missing item_id or body', 'InvalidArgumentException')
    return HttpResponse.json({
      data: { create_update: { id: String(nextItemId++) } },
    })
  }
  if (body.query.includes('change_multiple_column_values(')) {
    if (!variables.boardId || !variables.itemId) return graphqlError('Missing board_id or item_id', 'InvalidArgumentException')
    if (!isJsonObjectString(variables.columnValues)) return graphqlError('column_values must be a JSON string', 'ColumnValueException')
    return HttpResponse.json({ data: { change_multiple_column_values: { id: String(variables.itemId) } } })
  }
  return graphqlError('Unsupported operation in the board mock', 'INVALID_REQUEST')
}

export const boardHandlers = (url: string = BOARD_API_URL) => [http.post(url, ({ request }) => answerBoard(request))]
