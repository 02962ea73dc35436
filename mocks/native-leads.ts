// The offline stand-in for the `leads` function's native form post (decision 008): the dev
// server (mock mode) and the preview server of a mock build answer a same-origin
// `POST /functions/v1/leads` (paths in scripts/native-leads.mjs) with the function's own form handler, on an in-memory outbox and
// without a board, and list what they received at `GET /__mock/native-leads`. The mock build
// bundles this file into `.vite/native-leads.mjs` (scripts/build.mjs); the live build never does.
import type { AdVisit } from '../src/schemas/ad-visit.ts'
import type { LeadSubmission } from '../src/schemas/lead.ts'
import { adVisitsStandIn } from './ad-visits.ts'
import { DEFAULT_BACKOFF } from '../supabase/functions/_shared/outbox/backoff.ts'
import type { LeadRow, LeadStore } from '../supabase/functions/_shared/delivery/lead-store.ts'
import { consoleLogger, type Logger } from '../supabase/functions/_shared/runtime/logger.ts'
import { createFormHandler } from '../supabase/functions/leads/form-handler.ts'
import { isFormPost } from '../supabase/functions/leads/form-post.ts'
import { MAX_BODY_BYTES } from '../supabase/functions/leads/handler.ts'
import { createIntake } from '../supabase/functions/leads/intake.ts'

export type ReceivedLead = { submission: LeadSubmission; status: LeadRow['status'] }

/** An outbox that only records: with no board, every lead stays queued (or spam). */
function recordingStore(received: ReceivedLead[]): LeadStore {
  const rows = new Map<string, LeadRow>()
  const nothing = async () => undefined
  // Nothing is ever claimed here, so no outcome ever applies.
  const notApplied = async () => false
  return {
    find: async (submissionId) => rows.get(submissionId),
    async record({ submission, status }) {
      const known = rows.get(submission.submissionId)
      if (known) return known
      const row: LeadRow = {
        id: String(rows.size + 1),
        submission,
        status,
        claimToken: null,
        attempts: 0,
        claimedUntil: null,
        boardItemId: null,
        lastError: null,
        failureReason: null,
        createdAt: new Date(),
      }
      rows.set(submission.submissionId, row)
      received.push({ submission, status })
      return row
    },
    claim: nothing,
    claimNext: nothing,
    recordItem: notApplied,
    delivered: notApplied,
    retryLater: notApplied,
    failed: notApplied,
  }
}

/** Quiet about what is expected offline (no board, invalid test input); refusals and failures still show. */
const logger: Logger = {
  info: () => undefined,
  warn: (message, fields) => (message.includes('board is not configured') ? undefined : consoleLogger.warn(message, fields)),
  error: consoleLogger.error,
}

export function createNativeLeadsStandIn() {
  const received: ReceivedLead[] = []
  const store = recordingStore(received)
  const intake = createIntake({
    maxBodyBytes: MAX_BODY_BYTES,
    logger,
    store,
    limiter: undefined,
    verifier: undefined,
    minFillMs: 0,
    accept: {
      board: undefined,
      backoff: { ...DEFAULT_BACKOFF, random: Math.random },
      logger,
      now: () => new Date(),
      leaseMs: 60_000,
      // No board: nothing is ever delivered after the answer.
      afterResponse: () => undefined,
    },
  })

  /** Same origin only: the one origin allowed is the server's own (from the Host header). */
  async function handle(req: Request, ownOrigin: string): Promise<Response> {
    // The script's JSON posts go to the mocked services (MSW), never here.
    if (!isFormPost(req)) return Response.json({ error: 'The stand-in takes form posts only' }, { status: 415 })
    const form = createFormHandler({
      allowedOrigins: [ownOrigin],
      logger,
      intake,
      newId: () => crypto.randomUUID(),
      retryAfterSeconds: '5',
    })
    return form(req)
  }

  // The landing beacon's visits (mocks/ad-visits.ts), same origin too: the boot sends before MSW runs.
  const visits: AdVisit[] = []
  const adVisits = adVisitsStandIn((visit) => visits.push(visit))

  return { handle, received, adVisits, visits }
}
