import { notify } from '../notify/enqueue.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import { retryDelayMs, type BackoffPolicy } from '../outbox/backoff.ts'
import type { Claimed } from '../outbox/outbox.ts'
import { settleFailure } from '../outbox/settle.ts'
import type { Logger } from '../runtime/logger.ts'
import type { ConversionStore, ConversionItem, Platform } from './conversion-store.ts'
import type { GoogleDataManager } from './google-client.ts'
import type { SendOutcome } from './outcome.ts'
import { redactDetail } from './redact.ts'

export type ConversionClients = {
  google: GoogleDataManager
  meta: { send: GoogleDataManager['send'] }
}

export type ConversionDeps = {
  store: ConversionStore
  clients: ConversionClients
  backoff: BackoffPolicy
  now: () => Date
  logger: Logger
}

/** The runbook an ops message names. */
export const CONVERSIONS_RUNBOOK = 'docs/ad-conversions.md, "Runbook: a config outcome"'

/** The record was erased (90 days) or is gone: nothing is sent with blanks. */
export const ERASED = 'record-erased'

/** Its lead stopped being genuine (staff's 'Not genuine') before the send: a bot or a fake is never taught. */
const NOT_GENUINE = 'not-genuine'

const client = (clients: ConversionClients, platform: Platform) => (platform === 'google' ? clients.google : clients.meta)

/**
 * One row, one request: the event is built from its record now (no personal data waits in the
 * queue), sent under the row's claim, and the answer settles the row (docs/ad-conversions.md).
 */
export async function workConversion(item: Claimed<ConversionItem>, deps: ConversionDeps): Promise<{ kind: string }> {
  const { store } = deps
  const input = await store.input(item)
  if (!input) {
    keepClaim(await store.skipped(item, ERASED, 'the record was erased or is gone'), item, 'skipped')
    return { kind: 'skipped' }
  }
  if (input === 'not-genuine') {
    keepClaim(await store.skipped(item, NOT_GENUINE, 'staff called the lead not genuine after it was queued'), item, 'skipped')
    return { kind: 'skipped' }
  }
  const outcome = redacted(await client(deps.clients, item.platform).send(input), (text) => redactDetail(text, input))
  switch (outcome.kind) {
    case 'sent':
      if (outcome.validateOnly) return validatedOnly(item, deps)
      keepClaim(await store.done(item, { platform_request_id: outcome.requestId }), item, 'done')
      return { kind: 'sent' }
    case 'skipped':
      keepClaim(await store.skipped(item, outcome.reason, outcome.detail ?? outcome.reason), item, 'skipped')
      return { kind: 'skipped' }
    case 'not-configured':
      keepClaim(await store.skipped(item, 'not-configured', `missing settings: ${outcome.missing.join(', ')}`), item, 'skipped')
      return { kind: 'skipped' }
    case 'retry':
      return settleFailure(
        item,
        {
          reason: 'retry',
          detail: outcome.reason,
          countAttempt: true,
          ...(outcome.afterMs !== undefined && { retryInMs: outcome.afterMs }),
        },
        { outbox: store, backoff: deps.backoff, now: deps.now },
      )
    case 'config':
      return configFailure(item, outcome.reason, deps)
  }
}

/**
 * GOOGLE_DM_VALIDATE_ONLY: Google checked the event and recorded nothing. The row is not used up (nor
 * counted as reported): it waits, without using an attempt, and goes out for real once the setting is unset.
 */
function validatedOnly(item: Claimed<ConversionItem>, deps: ConversionDeps) {
  const detail = 'Google checked it and recorded nothing (GOOGLE_DM_VALIDATE_ONLY): sent once the setting is unset'
  return settleFailure(
    item,
    { reason: 'validate-only', detail, countAttempt: false, retryInMs: deps.backoff.maxMs },
    { outbox: deps.store, backoff: deps.backoff, now: deps.now },
  )
}

/**
 * Credentials or settings are wrong: the row waits (the attempt given back, so it never fails for
 * this) and ops hear once per platform per day, in the same transaction, with the runbook.
 */
async function configFailure(item: Claimed<ConversionItem>, reason: string, deps: ConversionDeps): Promise<{ kind: string }> {
  const at = new Date(deps.now().getTime() + retryDelayMs(item.attempts, undefined, deps.backoff))
  const day = deps.now().toISOString().slice(0, 10)
  const applied = await deps.store.sql.begin(async (tx) => {
    const [row] = await tx<{ applied: boolean }[]>`
      select public.outbox_retry('public.ad_conversions', ${item.id}, ${item.claimToken}, ${at}, 'config', ${reason.slice(0, 1000)},
        false) as applied`
    if (row?.applied !== true) return false
    await notify(tx, {
      kind: 'conversions-config',
      key: `conversions-config:${item.platform}:${day}`,
      audience: 'ops',
      payload: { platform: item.platform, reason, runbook: CONVERSIONS_RUNBOOK },
    })
    return true
  })
  keepClaim(applied, item, 'retry')
  return { kind: 'retry' }
}

/** Reads Google's processing status of sent rows not yet final, and records it. */
export async function checkProcessing(deps: Pick<ConversionDeps, 'store' | 'clients' | 'logger'>, limit: number): Promise<number> {
  let recorded = 0
  for (const { id, requestId } of await deps.store.unchecked(limit)) {
    const status = await deps.clients.google.status(requestId)
    if (status.kind !== 'status') {
      deps.logger.warn('google request status not read', { id, outcome: status.kind })
      break
    }
    if (await deps.store.processing(id, status.requestStatus)) recorded++
  }
  return recorded
}

/** The outcome with every text the platform wrote redacted (redact.ts): what is stored and told to ops. */
function redacted(outcome: SendOutcome, redact: (text: string) => string): SendOutcome {
  if (outcome.kind === 'skipped' && outcome.detail !== undefined) return { ...outcome, detail: redact(outcome.detail) }
  if (outcome.kind === 'retry' || outcome.kind === 'config') return { ...outcome, reason: redact(outcome.reason) }
  return outcome
}
