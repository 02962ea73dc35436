import { ALERTS_OFF, ChannelError, type AlertChannel, type ChannelName } from './channels.ts'
import { alertMessage } from './message.ts'
import type { OpsContext } from './ops.ts'
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

/**
 * What one channel was last told about a condition. `maybeTold`: a message about it went unanswered
 * (it may have arrived): it is sent again as it was, and after an alert the resolution is owed too.
 */
export type NotifiedState = {
  condition: ConditionName
  active: boolean
  notifiedAt: Date | null
  notifiedCount: number
  maybeTold?: boolean
}

export type AlertPlan = { raised: ConditionReport[]; resolved: ConditionName[] }

export const ALERT_REPEAT_MS = 60 * 60_000

/**
 * At most one alert per condition per hour: a condition is raised when a channel has not been told
 * it holds, or when it has grown since the channel was told an hour or more ago. A condition the
 * channel was told about that no longer holds is announced as resolved, once. A message that went
 * unanswered is planned again as it was, alone: with a condition added since, its e-mail key would
 * change and the part it may already have delivered would go twice.
 */
export function planAlerts(holding: readonly ConditionReport[], told: readonly NotifiedState[], now: Date): AlertPlan {
  const stateOf = (condition: ConditionName) => told.find((state) => state.condition === condition)
  const raised = holding.filter((report) => {
    const state = stateOf(report.condition)
    const quiet = !state?.notifiedAt || now.getTime() - state.notifiedAt.getTime() >= ALERT_REPEAT_MS
    return quiet && (!state?.active || report.count > state.notifiedCount)
  })
  const resolved = told
    .filter((state) => (state.active || state.maybeTold) && !holding.some((report) => report.condition === state.condition))
    .map((state) => state.condition)
  const owed = (condition: ConditionName) => stateOf(condition)?.maybeTold === true
  const retry = { raised: raised.filter((report) => owed(report.condition)), resolved: resolved.filter(owed) }
  return retry.raised.length + retry.resolved.length > 0 ? retry : { raised, resolved }
}

export interface AlertStore {
  /** The conditions that hold now (`pendingMinutes` for the pending-age one). */
  /** `listed`: how many leads each report names with their contact details (0 for the names alone). */
  conditions(pendingMinutes: number, listed?: number): Promise<ConditionReport[]>
  /**
   * Runs `fn` unless another run is already alerting (then undefined), with the channels' state
   * read and written under the same lock.
   */
  exclusive<T>(fn: (state: AlertStateStore) => Promise<T>): Promise<T | undefined>
}

export interface AlertStateStore {
  notified(channel: ChannelName): Promise<NotifiedState[]>
  saveNotified(channel: ChannelName, plan: AlertPlan): Promise<void>
  /** The message (alert or resolution) for these conditions went unanswered: the channel may have it. */
  saveMaybeTold(channel: ChannelName, conditions: ConditionName[]): Promise<void>
}

/**
 * The e-mail channel's Idempotency-Key: each condition with what it announces and when the channel
 * was last told it. A retry after a lost answer has the same key (the state changes only once a
 * message is confirmed); the next raise or resolution has a new one.
 */
export function alertKey(plan: AlertPlan, told: readonly NotifiedState[]): string {
  const since = (condition: ConditionName) => told.find((state) => state.condition === condition)?.notifiedAt?.toISOString() ?? 'never'
  const parts = [
    ...plan.raised.map(({ condition }) => `${condition}@${since(condition)}`),
    ...plan.resolved.map((condition) => `${condition}-resolved@${since(condition)}`),
  ]
  return `lead-alert/${parts.join('+')}`
}

export type AlertDeps = {
  store: AlertStore
  /** The ops channels: these alerts carry commands and the environment's name. */
  channels: readonly AlertChannel[]
  ops: OpsContext
  logger: Logger
  now: () => Date
  pendingMinutes: number
}
export type AlertReport = { raised: ConditionName[]; resolved: ConditionName[]; failedChannels: ChannelName[] }

/**
 * Called at the end of every redelivery run. Each channel keeps its own state, so a channel that
 * failed is told next run without the other one being told twice. Never throws.
 */
export async function runAlerts(deps: AlertDeps): Promise<AlertReport | undefined> {
  const report: AlertReport = { raised: [], resolved: [], failedChannels: [] }
  if (deps.channels.length === 0) {
    deps.logger.warn(ALERTS_OFF)
    return undefined
  }
  try {
    const holding = await deps.store.conditions(deps.pendingMinutes)
    await deps.store.exclusive(async (state) => {
      for (const channel of deps.channels) {
        const told = await state.notified(channel.name)
        const plan = planAlerts(holding, told, deps.now())
        if (plan.raised.length === 0 && plan.resolved.length === 0) continue
        try {
          const message = alertMessage(plan, { format: channel.format, pendingMinutes: deps.pendingMinutes, ops: deps.ops })
          await channel.send({ ...message, idempotencyKey: alertKey(plan, told) })
        } catch (error) {
          deps.logger.error('alert channel failed; it is tried again next run', { channel: channel.name, error: String(error) })
          report.failedChannels.push(channel.name)
          if (error instanceof ChannelError && error.maybeSent)
            await state.saveMaybeTold(channel.name, [...plan.raised.map((raised) => raised.condition), ...plan.resolved])
          continue
        }
        await state.saveNotified(channel.name, plan)
        report.raised.push(...plan.raised.map((raised) => raised.condition).filter((name) => !report.raised.includes(name)))
        report.resolved.push(...plan.resolved.filter((name) => !report.resolved.includes(name)))
        deps.logger.info('alert sent', { channel: channel.name, raised: plan.raised.map((r) => r.condition), resolved: plan.resolved })
      }
    })
  } catch (error) {
    deps.logger.error('alerts could not be evaluated', { error: String(error) })
  }
  return report
}
