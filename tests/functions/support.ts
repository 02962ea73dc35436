import type { Sql } from 'postgres'
import { http, HttpResponse, passthrough } from 'msw'
import { server } from '@mocks/node'
import { answerBoard } from '@mocks/handlers/board'
import { leadSource } from '@/content/lead-sources'
import type { LeadSubmissionInput } from '@/schemas/lead'
import type { LogFields, Logger } from '../../supabase/functions/_shared/runtime/logger.ts'
import { createLeadsHandler, type LeadsDeps } from '../../supabase/functions/leads/handler.ts'
import { memoryLeadStore } from '../support/memory-lead-store'
import { RESEND_KEY, type FakeAlerts } from '../support/fake-alerts.mjs'
import { CONFIRM_SECRET, FOLLOWUP_SECRET, SITE_URL } from '../support/enterprise-followup'

export const BOARD_URL = 'https://board.test/v2'
export const TOKEN = 'board-token-never-logged'
export const ORIGIN = 'http://localhost:5173'
export const NOW = new Date('2025-05-01T10:00:00.000Z')
export const ITEM_ID = '9001'

/** The settings every pipeline function under Deno shares in tests: the database, the fake board, short timings. */
export const pipelineEnv = (dbUrl: string, boardUrl: string): Record<string, string> => ({
  SUPABASE_DB_URL: dbUrl,
  MONDAY_API_TOKEN: 'test-token',
  MONDAY_BOARD_ID: '123',
  MONDAY_API_URL: boardUrl,
  ALLOWED_ORIGINS: ORIGIN,
  BOARD_TIMEOUT_MS: '400',
  LEADS_LEASE_MS: '1500',
  LEADS_BACKOFF_BASE_MS: '50',
})

/** enterprise-followup's settings in tests: the pipeline's, the run secret, the fake alert channels and the sender. */
export const followupEnv = (
  dbUrl: string,
  boardUrl: string,
  channels: Pick<FakeAlerts, 'webhookUrl' | 'resendUrl'>,
  maxAttempts: number,
) => ({
  ...pipelineEnv(dbUrl, boardUrl),
  // A registration's run makes several board calls; under a full suite's load a 400 ms answer from the
  // fake board timed out and the run retried instead of finishing (enterprise-confirm, once in a run).
  BOARD_TIMEOUT_MS: '800',
  LEADS_MAX_ATTEMPTS: String(maxAttempts),
  LEADS_BACKOFF_MAX_MS: '100',
  // 3 s: on a loaded host one registration's steps (board, e-mail, invoice) outlasted 1.5 s, and the
  // same run claimed it again once the lease lapsed (production: a minute, each call bounded at half).
  ENTERPRISE_LEASE_MS: '3000',
  ENTERPRISE_BACKOFF_BASE_MS: '50',
  ENTERPRISE_BACKOFF_MAX_MS: '100',
  ENTERPRISE_MAX_ATTEMPTS: String(maxAttempts),
  CRON_SECRET: FOLLOWUP_SECRET,
  // Stripe's and Resend's own timeouts (20 s and 10 s in production), short here; at most a quarter of the 3 s lease.
  STRIPE_TIMEOUT_MS: '700',
  RESEND_TIMEOUT_MS: '400',
  ALERT_WEBHOOK_URL: channels.webhookUrl,
  RESEND_API_URL: channels.resendUrl,
  RESEND_API_KEY: RESEND_KEY,
  ALERT_EMAIL_TO: 'sales@agency.test',
  ALERT_EMAIL_FROM: 'alerts@agency.test',
  ENTERPRISE_EMAIL_FROM: 'welcome@agency.test',
  CONFIRM_LINK_SECRET: CONFIRM_SECRET,
  SITE_URL,
  AGENCY_TIME_ZONE: 'Australia/Sydney',
  ...notifyEnv,
})

/** The notifications worker's settings in tests: a short lease and backoff, so a retried message goes out on the next run. */
/**
 * Waits (up to 10 s) until the lead is on the board: `leads` delivers after its answer, and a run
 * that announces or counts the lead must come after that, which a loaded host delays.
 */
export async function untilDelivered(sql: Sql, submissionId: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const [row] = await sql<{ status: string }[]>`select status from leads where submission_id = ${submissionId}`
    if (row?.status === 'delivered') return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export const notifyEnv = { NOTIFY_LEASE_MS: '1500', NOTIFY_BACKOFF_BASE_MS: '50', NOTIFY_BACKOFF_MAX_MS: '100' }

export type LogRecord = { level: 'info' | 'warn' | 'error'; message: string; fields?: LogFields }

export function recordingLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = []
  return {
    records,
    info: (message, fields) => records.push({ level: 'info', message, fields }),
    warn: (message, fields) => records.push({ level: 'warn', message, fields }),
    error: (message, fields) => records.push({ level: 'error', message, fields }),
  }
}

export function submission(overrides: Partial<LeadSubmissionInput> = {}): LeadSubmissionInput {
  return {
    submissionId: '3f1c2b9e-7a4d-4e8b-9c1a-2d3e4f5a6b7c',
    lead: {
      locations: '2-10',
      name: 'Ada Lovelace',
      phone: '0422470721',
      email: 'ada@example.com',
      business: '1 Analytical St, London',
      note: '',
    },
    tracking: { platform: 'google', keyword: 'review management' },
    source: leadSource('/'),
    guard: { honeypot: '', fillMs: 12_000 },
    ...overrides,
  }
}

/**
 * The handler on an in-memory outbox (`store`), a recording logger and a sleep that only records.
 * `handler` answers, then waits for the board delivery that runs after the answer (as
 * `EdgeRuntime.waitUntil` keeps the invocation alive), so a test sees both; `answerOnly` returns
 * as soon as the answer is ready, and `settled()` runs the work it left for after the answer.
 */
export function leadsHandler(overrides: Partial<LeadsDeps> = {}) {
  const logger = recordingLogger()
  const sleeps: number[] = []
  const store = memoryLeadStore(() => NOW)
  const after: (() => Promise<unknown>)[] = []
  const settled = async () => {
    while (after.length > 0) await Promise.all(after.splice(0).map((task) => task()))
  }
  const answerOnly = createLeadsHandler({
    store,
    backoff: { random: () => 0.5 },
    token: TOKEN,
    boardId: '123',
    groupId: 'topics',
    apiUrl: BOARD_URL,
    allowedOrigins: [ORIGIN],
    fetch: (input, init) => fetch(input, init),
    logger,
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    afterResponse: (task) => void after.push(task),
    ...overrides,
  })
  const handler = async (req: Request) => {
    const res = await answerOnly(req)
    await settled()
    return res
  }
  return { handler, answerOnly, settled, logger, sleeps, store }
}

export function postLead(
  handler: (req: Request) => Promise<Response>,
  body: unknown,
  headers: Record<string, string> = { origin: ORIGIN },
): Promise<Response> {
  return handler(
    new Request('https://project.test/functions/v1/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}

export type Operation = 'create_item' | 'create_update' | 'find_item' | 'change_columns' | 'item_updates'
export type BoardCall = { operation: Operation; query: string; variables: Record<string, unknown>; headers: Headers; request: Request }
type Reply = (call: BoardCall) => Response | Promise<Response>

/** The happy path is the shared board mock (it validates requests); the item id is fixed for asserting. */
const happy: Record<Operation, Reply> = {
  create_item: async (call) => {
    const answer = (await (await answerBoard(call.request)).json()) as { data?: unknown }
    return answer.data ? HttpResponse.json({ data: { create_item: { id: ITEM_ID } } }) : HttpResponse.json(answer)
  },
  create_update: (call) => answerBoard(call.request),
  find_item: () => HttpResponse.json({ data: { items_page_by_column_values: { items: [] } } }),
  change_columns: (call) => answerBoard(call.request),
  // An item found on the board holds no note of ours yet.
  item_updates: (call) => HttpResponse.json({ data: { items: [{ id: String(call.variables.itemId), updates: [] }] } }),
}

function operationOf(query: string): Operation {
  if (query.includes('create_update(')) return 'create_update'
  if (query.includes('change_multiple_column_values(')) return 'change_columns'
  if (query.includes('updates(limit')) return 'item_updates'
  return query.includes('items_page_by_column_values(') ? 'find_item' : 'create_item'
}

/**
 * Stands in for the board at BOARD_URL and records every request. Each operation answers from
 * its queue of replies, then happily once the queue is empty.
 */
export function fakeBoard(replies: Partial<Record<Operation, Reply[]>> = {}): BoardCall[] {
  const calls: BoardCall[] = []
  server.use(
    http.post(BOARD_URL, async ({ request }) => {
      const copy = request.clone()
      const { query, variables } = (await request.json()) as { query: string; variables: Record<string, unknown> }
      const operation = operationOf(query)
      const call = { operation, query, variables, headers: request.headers, request: copy }
      calls.push(call)
      return (replies[operation]?.shift() ?? happy[operation])(call)
    }),
  )
  return calls
}

export const only = (calls: BoardCall[], operation: Operation) => calls.filter((call) => call.operation === operation)

/** Lets the test's own requests reach servers it started on 127.0.0.1 (MSW refuses the rest). */
export const loopbackPassesThrough = () => server.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\/.*/, () => passthrough()))
