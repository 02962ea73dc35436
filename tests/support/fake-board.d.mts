import type { IncomingHttpHeaders } from 'node:http'

export type Fault = 'http-500' | 'rate-limited' | 'graphql-error' | 'complexity' | 'hang' | 'created-lost' | 'created-hang'
export type BoardOperation = 'create_item' | 'create_update' | 'find_item' | 'change_columns'

export type Refusal = 'not-authenticated' | 'user-unauthorized' | 'board-not-found'

export declare const REFUSALS: Record<Refusal, [status: number, body: unknown]>

export interface FakeBoard {
  url: string
  requests: { operation: BoardOperation; headers: IncomingHttpHeaders; variables: Record<string, unknown> }[]
  items: Map<string, { submissionId: string | undefined; name: string }>
  /** Each item's column values: as created, then as changed. */
  columnsOf: Map<string, Record<string, unknown>>
  notes: { itemId: string; body: string }[]
  itemsFor(submissionId: string): number
  callsFor(submissionId: string, operation?: BoardOperation): number
  fail(operation: BoardOperation, ...faults: Fault[]): void
  failRandomly(pick: ((operation: BoardOperation) => Fault | undefined) | null, operations?: BoardOperation[]): void
  /** A second URL to the same board: `latencyMs` per call, create_item failing with `pick()`'s fault. */
  slowUrl(options: { latencyMs: number; pick: (() => Fault | undefined) | null } | null): string
  refuse(kind: Refusal | null): void
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export declare function startFakeBoard(options?: { latencyMs?: number }): Promise<FakeBoard>
