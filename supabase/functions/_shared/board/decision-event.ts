import * as v from 'valibot'
import { decisionOfLabel, type StaffDecision } from './needs-a-look.ts'

/** A change of the decision column, as `board-webhook` records it. */
export type DecisionEvent = {
  /** monday's triggerUuid (kept on its retries), else one made of the item, column, time and label. */
  key: string
  boardId: string | null
  itemId: string
  columnId: string
  /** The new label; null when a person cleared the column. */
  label: string | null
  decision: StaffDecision | null
  userId: string | null
  changedAt: Date
}

export type ParsedBody =
  | { kind: 'challenge'; challenge: string }
  | { kind: 'decision'; event: DecisionEvent }
  | { kind: 'ignored'; why: string }
  | { kind: 'invalid' }

const MAX_CHALLENGE = 512
const Id = v.union([v.string(), v.number()])
// The types monday gives a column change ('update_column_value' in the body of both subscriptions).
const COLUMN_CHANGES = ['update_column_value', 'change_column_value', 'change_status_column_value', 'change_specific_column_value']

const Body = v.object({
  challenge: v.optional(v.string()),
  event: v.optional(
    v.object({
      type: v.optional(v.string()),
      boardId: v.optional(Id),
      pulseId: v.optional(Id),
      columnId: v.optional(v.string()),
      userId: v.optional(v.nullable(Id)),
      value: v.optional(v.nullable(v.object({ label: v.optional(v.nullable(v.object({ text: v.optional(v.nullable(v.string())) }))) }))),
      changedAt: v.optional(v.number()),
      triggerTime: v.optional(v.string()),
      triggerUuid: v.optional(v.string()),
    }),
  ),
})

/**
 * When the person changed the column, never later than it reached us: a board clock running ahead
 * would otherwise date the decision after the message it lets out, and a sender comparing the two
 * would send it again.
 */
function changedAtOf(event: { changedAt?: number; triggerTime?: string }, received: Date): Date {
  const stated =
    event.changedAt !== undefined && Number.isFinite(event.changedAt)
      ? Math.round(event.changedAt * 1000)
      : event.triggerTime === undefined
        ? Number.NaN
        : Date.parse(event.triggerTime)
  return Number.isNaN(stated) || stated > received.getTime() ? received : new Date(stated)
}

/**
 * The challenge monday sends when the webhook is created, or a change of `decisionColumnId`. Any
 * other event (another column, another kind) is ignored; a body that is neither is invalid.
 */
export function parseBoardBody(body: unknown, decisionColumnId: string, received: Date): ParsedBody {
  const parsed = v.safeParse(Body, body)
  if (!parsed.success) return { kind: 'invalid' }
  const { challenge, event } = parsed.output
  if (challenge !== undefined && event === undefined) {
    return challenge.length > 0 && challenge.length <= MAX_CHALLENGE ? { kind: 'challenge', challenge } : { kind: 'invalid' }
  }
  if (!event || event.pulseId === undefined || event.columnId === undefined) return { kind: 'invalid' }
  if (event.type !== undefined && !COLUMN_CHANGES.includes(event.type)) return { kind: 'ignored', why: event.type }
  if (event.columnId !== decisionColumnId) return { kind: 'ignored', why: `column ${event.columnId}` }
  const label = event.value?.label?.text?.trim() || null
  const changedAt = changedAtOf(event, received)
  const itemId = String(event.pulseId)
  return {
    kind: 'decision',
    event: {
      key: event.triggerUuid ?? `${itemId}:${event.columnId}:${changedAt.toISOString()}:${label ?? ''}`,
      boardId: event.boardId === undefined ? null : String(event.boardId),
      itemId,
      columnId: event.columnId,
      label,
      decision: decisionOfLabel(label) ?? null,
      userId: event.userId === undefined || event.userId === null ? null : String(event.userId),
      changedAt,
    },
  }
}
