import type { AlertContent } from '../alerts/channels.ts'
import { digestMessage, type DigestFigures } from '../alerts/digest.ts'
import type { AlertLead, AlertPlan } from '../alerts/lead-alerts.ts'
import { alertMessage } from '../alerts/message.ts'
import { needsALookMessage, type NeedsALookSummary } from '../alerts/needs-a-look-summary.ts'
import { newLeadMessage, type NewLead } from '../alerts/new-lead.ts'
import { opsContext } from '../alerts/ops.ts'
import type { Renderer } from './notification.ts'

// A payload is JSON: the dates its builder reads arrive as strings.
const revived = <T extends { createdAt: unknown }>(lead: T): T & AlertLead =>
  ({ ...lead, createdAt: new Date(String(lead.createdAt)) }) as T & AlertLead
const leadsOf = <T extends { createdAt: unknown }>(leads: readonly T[] | undefined) => (leads ?? []).map(revived)

/** 'new-lead': one delivered lead that may page (new-lead.ts queues it as the lead is marked announced). */
const newLead =
  (payload: Record<string, unknown>): AlertContent =>
  (format) =>
    newLeadMessage(payload as NewLead)(format)

/** 'lead-alert': the ops conditions raised or resolved by one evaluation (pg-alert-store.ts). */
const leadAlert =
  (payload: Record<string, unknown>): AlertContent =>
  (format) => {
    const plan = payload as AlertPlan & { pendingMinutes: number }
    const raised = plan.raised.map((report) => ({ ...report, leads: leadsOf(report.leads) }))
    // The environment and runbooks are the sending function's (APP_ENV, RUNBOOK_BASE_URL).
    return alertMessage({ raised, resolved: plan.resolved }, { format, pendingMinutes: plan.pendingMinutes, ops: opsContext() })
  }

/** 'needs-a-look': the hour's summary of what pages nobody one by one (queue_needs_a_look_summary()). */
const needsALook =
  (payload: Record<string, unknown>): AlertContent =>
  (format) => {
    const summary = payload as unknown as NeedsALookSummary
    return needsALookMessage({ ...summary, previous: new Date(String(summary.previous)) })(format)
  }

/** 'digest': the day's figures for sales (pg-digest-store.ts). */
const digest =
  (payload: Record<string, unknown>): AlertContent =>
  (format) => {
    const figures = payload as unknown as DigestFigures
    const unbooked = figures.unbooked && { ...figures.unbooked, leads: leadsOf(figures.unbooked.leads) }
    return digestMessage({ ...figures, spamLeads: leadsOf(figures.spamLeads), ...(unbooked ? { unbooked } : {}) }, format)
  }

/** The leads side's messages to staff, each queued in the transaction of the change it reports. */
export const leadsRenderers: Readonly<Record<string, Renderer>> = {
  'new-lead': newLead,
  'lead-alert': leadAlert,
  'needs-a-look': needsALook,
  digest,
}
