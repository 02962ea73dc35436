import { ALERTS_OFF, type AlertChannel } from './channels.ts'
import type { Logger } from '../runtime/logger.ts'

export type ConditionName = 'board-auth' | 'board-access' | 'failed' | 'pending-age' | 'shared-bucket'

/** What a salesperson needs to call the lead at once. */
export type AlertLead = {
  submissionId: string
  name: string
  phone: string
  email: string
  sourcePath: string
  sourceLabel: string
  createdAt: Date
  status: string
  lastError: string | null
  /** The lead's board item, once delivered. */
  boardItemId: string | null
  /** Its bot check: false when it failed (every line naming it says so first), null when off. */
  verified?: boolean | null
}

/** A condition that holds now: how many leads it affects, the oldest ones first (a bounded list). */
export type ConditionReport = {
  condition: ConditionName
  count: number
  oldestMinutes: number
  leads: AlertLead[]
  /** 'shared-bucket': what used it (a function's bucket, 'enterprise-registrations'). */
  sources?: string[]
}

/** What staff were last told about a condition (lead_alert_state): one row per condition, whatever the channel. */
export type NotifiedState = {
  condition: ConditionName
  active: boolean
  notifiedAt: Date | null
  notifiedCount: number
}

export type AlertPlan = { raised: ConditionReport[]; resolved: ConditionName[] }

export const ALERT_REPEAT_MS = 60 * 60_000

/**
 * At most one alert per condition per hour: a condition is raised when staff have not been told it
 * holds, or when it has grown since they were told an hour or more ago. A condition they were told
 * about that no longer holds is announced as resolved, once.
 */
export function planAlerts(holding: readonly ConditionReport[], told: readonly NotifiedState[], now: Date): AlertPlan {
  const stateOf = (condition: ConditionName) => told.find((state) => state.condition === condition)
  const raised = holding.filter((report) => {
    const state = stateOf(report.condition)
    const quiet = !state?.notifiedAt || now.getTime() - state.notifiedAt.getTime() >= ALERT_REPEAT_MS
    return quiet && (!state?.active || report.count > state.notifiedCount)
  })
  const resolved = told
    .filter((state) => state.active && !holding.some((report) => report.condition === state.condition))
    .map((state) => state.condition)
  return { raised, resolved }
}

/**
 * The message's key in the notifications outbox (and so its e-mail Idempotency-Key): each raise
 * names the moment it is recorded, each resolution the raise it ends, so a key is made once and the
 * next raise or resolution has a new one.
 */
export function alertKey(plan: AlertPlan, told: readonly NotifiedState[], now: Date): string {
  const since = (condition: ConditionName) => told.find((state) => state.condition === condition)?.notifiedAt?.getTime() ?? 'never'
  const parts = [
    ...plan.raised.map(({ condition }) => `${condition}@${now.getTime()}`),
    ...plan.resolved.map((condition) => `${condition}-resolved@${since(condition)}`),
  ]
  return `lead-alert:${parts.join('+')}`
}

export interface AlertStore {
  /** The conditions that hold now (`pendingMinutes` for the pending-age one). */
  /** `listed`: how many leads each report names with their contact details (0 for the names alone). */
  conditions(pendingMinutes: number, listed?: number): Promise<ConditionReport[]>
  /**
   * In one transaction, one run at a time: reads the conditions and what staff were told, plans
   * (planAlerts), records the plan in lead_alert_state and queues its message for ops (notify()).
   * Answers the plan.
   */
  evaluate(pendingMinutes: number): Promise<AlertPlan>
}

export type AlertDeps = {
  store: AlertStore
  /** The ops channels: none configured, nothing is queued (and every run says so). */
  channels: readonly AlertChannel[]
  logger: Logger
  pendingMinutes: number
}
export type AlertReport = { raised: ConditionName[]; resolved: ConditionName[] }

/**
 * Called at the end of every redelivery run: queues one ops message for what was raised or
 * resolved; the notifications outbox sends it on each channel. Never throws.
 */
export async function runAlerts(deps: AlertDeps): Promise<AlertReport | undefined> {
  if (deps.channels.length === 0) {
    deps.logger.warn(ALERTS_OFF)
    return undefined
  }
  try {
    const plan = await deps.store.evaluate(deps.pendingMinutes)
    const report = { raised: plan.raised.map((raised) => raised.condition), resolved: plan.resolved }
    if (report.raised.length || report.resolved.length) deps.logger.info('alert queued', report)
    return report
  } catch (error) {
    deps.logger.error('alerts could not be evaluated', { error: String(error) })
    return undefined
  }
}
