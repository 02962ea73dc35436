import * as v from 'valibot'
import { LeadSubmissionSchema, type LeadSubmission } from '../../../src/schemas/lead.ts'
import { BoundedMap } from '../_shared/bounded-map.ts'
import { withCors } from '../_shared/cors.ts'
import { json, methodNotAllowed, readLimitedText, type Fetch } from '../_shared/http.ts'
import type { Logger } from '../_shared/logger.ts'
import { createBoardClient, leadColumnValues, type BoardClient } from './board.ts'
import { updateNoteBody } from './update-note.ts'

export const MAX_BODY_BYTES = 16 * 1024
const REMEMBERED_SUBMISSIONS = 500
const BOARD_TIMEOUT_MS = 8_000
const MAX_RETRY_AFTER_MS = 2_000

export type LeadsDeps = {
  token: string | undefined
  boardId: string | undefined
  groupId: string
  apiUrl: string
  allowedOrigins: readonly string[]
  fetch: Fetch
  logger: Logger
  now: () => Date
  sleep?: (ms: number) => Promise<void>
  timeoutMs?: number
}

type Accepted = { ok: true; id: string } | { ok: false }
type Board = { boardId: string; client: BoardClient }

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createLeadsHandler(deps: LeadsDeps): (req: Request) => Promise<Response> {
  const { logger } = deps
  const board: Board | undefined =
    deps.token && deps.boardId
      ? {
          boardId: deps.boardId,
          client: createBoardClient({
            token: deps.token,
            apiUrl: deps.apiUrl,
            fetch: deps.fetch,
            sleep: deps.sleep ?? wait,
            timeoutMs: deps.timeoutMs ?? BOARD_TIMEOUT_MS,
            maxRetryAfterMs: MAX_RETRY_AFTER_MS,
          }),
        }
      : undefined
  // Best effort, per instance: a retried submission that reaches another isolate, or this one
  // after a cold start, creates a second item. Failed attempts are forgotten so they can retry.
  const accepted = new BoundedMap<string, Promise<Accepted>>(REMEMBERED_SUBMISSIONS)

  if (deps.allowedOrigins.length === 0) logger.warn('ALLOWED_ORIGINS is empty: browser requests will be refused')

  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])

    const text = await readLimitedText(req, MAX_BODY_BYTES)
    if (text === 'too-large') return json(413, { error: `Body larger than ${MAX_BODY_BYTES} bytes` })

    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return json(400, { error: 'Invalid JSON', issues: [{ path: '', message: 'The body is not valid JSON' }] })
    }

    const parsed = v.safeParse(LeadSubmissionSchema, body)
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))
      return json(400, { error: 'Invalid lead', issues })
    }

    if (!board) {
      logger.warn('leads function is not configured', {
        missing: [!deps.token && 'MONDAY_API_TOKEN', !deps.boardId && 'MONDAY_BOARD_ID'].filter(Boolean),
      })
      return json(503, { error: 'Lead intake is not configured' })
    }

    const result = await acceptOnce(parsed.output, board)
    return result.ok ? json(200, { id: result.id }) : json(502, { error: 'The lead could not be saved' })
  }

  function acceptOnce(submission: LeadSubmission, board: Board): Promise<Accepted> {
    const known = accepted.get(submission.submissionId)
    if (known) return known
    const pending = accept(submission, board).then((result) => {
      if (!result.ok) accepted.delete(submission.submissionId)
      return result
    })
    accepted.set(submission.submissionId, pending)
    return pending
  }

  async function accept(submission: LeadSubmission, { boardId, client }: Board): Promise<Accepted> {
    const { submissionId, lead, tracking } = submission
    const item = await client.createItem({
      boardId,
      groupId: deps.groupId,
      itemName: `Lead: ${lead.name}`,
      columnValues: leadColumnValues(lead, tracking),
    })
    if (!item.ok) {
      logger.warn('board did not accept the lead', { submissionId, ...item.failure })
      return { ok: false }
    }
    if (item.warning) logger.warn('board created the item with errors', { submissionId, itemId: item.id, message: item.warning })

    const update = await client.createUpdate({ itemId: item.id, body: updateNoteBody(submission, deps.now()) })
    if (!update.ok) logger.warn('update note was not added to the lead', { submissionId, itemId: item.id, ...update.failure })
    else if (update.warning) logger.warn('update note added with errors', { submissionId, itemId: item.id, message: update.warning })

    logger.info('lead accepted', { submissionId, itemId: item.id })
    return { ok: true, id: item.id }
  }

  return withCors(handle, { allowedOrigins: deps.allowedOrigins, methods: ['POST'] })
}
