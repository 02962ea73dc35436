import type { IncomingHttpHeaders } from 'node:http'

export type Fault = 'http-500' | 'rate-limited' | 'graphql-error' | 'complexity' | 'hang' | 'created-lost' | 'created-hang'
export type BoardOperation =
  | 'create_item'
  | 'create_update'
  | 'find_item'
  | 'change_columns'
  | 'item_updates'
  | 'item_place'
  | 'move_item'
  | 'rename'
  | 'user_name'

export type Refusal = 'not-authenticated' | 'user-unauthorized' | 'board-not-found'

export declare const REFUSALS: Record<Refusal, [status: number, body: unknown]>

export interface FakeBoard {
  url: string
  requests: { operation: BoardOperation; headers: IncomingHttpHeaders; variables: Record<string, unknown> }[]
  items: Map<string, { submissionId: string | undefined; name: string; groupId?: string }>
  /** Each item's column values: as created, then as changed. */
  columnsOf: Map<string, Record<string, unknown>>
  notes: { id: string; itemId: string; body: string }[]
  /** Calls taken and left unanswered ('hang': never; 'lost': the connection dropped), by the submission they concern. */
  lostAnswers: { operation: BoardOperation; submissionId: string | undefined; how: 'hang' | 'lost' }[]
  /** Takes `share` of the calls of `operations` (default both writes), does them, then leaves them unanswered. */
  unanswered(options: { share: number; random?: () => number; operations?: BoardOperation[] } | null): void
  itemsFor(submissionId: string): number
  callsFor(submissionId: string, operation?: BoardOperation): number
  fail(operation: BoardOperation, ...faults: Fault[]): void
  failRandomly(pick: ((operation: BoardOperation) => Fault | undefined) | null, operations?: BoardOperation[]): void
  /** A second URL to the same board: `latencyMs` per call, create_item failing with `pick()`'s fault. */
  slowUrl(options: { latencyMs: number; pick: (() => Fault | undefined) | null } | null): string
  /** Resolves once no call is open (answered, or given up by its caller), or after `limitMs` (default 15 s). */
  quiet(limitMs?: number): Promise<void>
  addUser(id: string, name: string): void
  refuse(kind: Refusal | null): void
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export declare function startFakeBoard(options?: { latencyMs?: number }): Promise<FakeBoard>
