import { parseBoardBody } from '../_shared/board/decision-event.ts'
import type { DecisionStore } from '../_shared/board/decision-store.ts'
import { bearerToken, verifyMondayJwt } from '../_shared/board/monday-jwt.ts'
import { json, methodNotAllowed, parseJson, readLimitedText } from '../_shared/http/http.ts'
import { sameSecret } from '../_shared/http/secret.ts'
import type { Logger } from '../_shared/runtime/logger.ts'

export type BoardWebhookDeps = {
  /** MONDAY_SIGNING_SECRET: the app's Signing Secret; every event must carry a JWT signed with it. */
  signingSecret: string | undefined
  /** MONDAY_WEBHOOK_AUDIENCE: when set, the JWT's `aud` must name it (the URL the webhook posts to). */
  audience: string | undefined
  /** MONDAY_WEBHOOK_PATH_SECRET: where no app signs (a webhook made on the board), the URL's last segment. */
  pathSecret: string | undefined
  /** MONDAY_BOARD_ID: an event from any other board is ignored. */
  boardId: string | undefined
  /** MONDAY_DECISION_COLUMN_ID */
  decisionColumnId: string
  store: DecisionStore | undefined
  logger: Logger
  now: () => Date
}

const MAX_BODY_BYTES = 64 * 1024
const unauthorized = () => json(401, { error: 'Unauthorized' })

/** The URL's last path segment (`…/board-webhook/<secret>`). */
const lastSegment = (url: string) => new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? ''

/**
 * monday.com's board webhook for the 'Needs a look' decision column. The challenge monday sends
 * when the webhook is created is echoed (nothing is recorded for it). Every other request is
 * verified first, as the deployment is set up: the JWT monday signs with the app's Signing Secret
 * (MONDAY_SIGNING_SECRET), and/or the secret last segment of the URL (MONDAY_WEBHOOK_PATH_SECRET);
 * an unverified one gets 401 and leaves nothing behind. A verified change of the decision column is
 * recorded once (by monday's trigger id) and answered at once; `webhook-events` acts on it.
 */
export function createBoardWebhookHandler(deps: BoardWebhookDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    if (!deps.signingSecret && !deps.pathSecret) {
      deps.logger.error('board-webhook has neither MONDAY_SIGNING_SECRET nor MONDAY_WEBHOOK_PATH_SECRET: refusing every call')
      return json(503, { error: 'The webhook is not configured' })
    }
    // The secret URL holds for every request, the challenge included: monday posts to that URL.
    if (deps.pathSecret && !sameSecret(lastSegment(req.url), deps.pathSecret)) {
      deps.logger.warn('board-webhook: wrong or missing path secret')
      return unauthorized()
    }
    const text = await readLimitedText(req, MAX_BODY_BYTES)
    if (text === 'too-large') return json(413, { error: 'Body too large' })
    const authorization = req.headers.get('authorization')
    const signed = async () => {
      if (!deps.signingSecret) return true
      const check = await verifyMondayJwt(bearerToken(authorization), deps.signingSecret, { now: deps.now(), audience: deps.audience })
      if (!check.ok) deps.logger.warn('board-webhook: JWT refused', { reason: check.reason })
      return check.ok
    }

    const parsed = parseBoardBody(parseJson(text), deps.decisionColumnId, deps.now())
    if (parsed.kind === 'challenge') {
      // Echoing a string back does nothing; a challenge that does carry a JWT must carry a good one.
      if (authorization !== null && !(await signed())) return unauthorized()
      return json(200, { challenge: parsed.challenge })
    }
    if (!(await signed())) return unauthorized()
    if (parsed.kind === 'invalid') return json(400, { error: 'Not a board event we can read' })
    if (parsed.kind === 'ignored') return json(200, { ignored: parsed.why })
    const { event } = parsed
    if (deps.boardId && event.boardId && event.boardId !== deps.boardId) return json(200, { ignored: `board ${event.boardId}` })
    if (!deps.store) return json(503, { error: 'The webhook is not configured' })

    const recorded = await deps.store.record(event)
    if (!recorded) return json(200, { duplicate: true })
    deps.logger.info('board decision recorded', { itemId: event.itemId, decision: event.decision, changedAt: event.changedAt.toISOString() })
    return json(202, { recorded: true })
  }
}
