import { pgDecisionStore } from '../_shared/board/pg-decision-store.ts'
import { DEFAULT_DECISION_COLUMN_ID } from '../_shared/board/needs-a-look.ts'
import { boardSettings } from '../_shared/board/settings.ts'
import { serve } from '../_shared/http/serve.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { createBoardWebhookHandler } from './handler.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 4, statementTimeoutMs: 5_000 }) : undefined

serve(
  createBoardWebhookHandler({
    signingSecret: env('MONDAY_SIGNING_SECRET'),
    audience: env('MONDAY_WEBHOOK_AUDIENCE'),
    pathSecret: env('MONDAY_WEBHOOK_PATH_SECRET'),
    boardId: boardSettings(env).boardId,
    decisionColumnId: env('MONDAY_DECISION_COLUMN_ID') ?? DEFAULT_DECISION_COLUMN_ID,
    store: sql && pgDecisionStore(sql),
    logger: consoleLogger,
    now: () => new Date(),
  }),
)
