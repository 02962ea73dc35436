import { createBoardClient, type BoardClient } from './client.ts'
import type { Fetch } from '../http/http.ts'
import { DEFAULT_REVIEW_GROUP_ID } from './needs-a-look.ts'

/** `reviewGroupId`: the 'Needs a look' group (MONDAY_REVIEW_GROUP_ID), for records that page nobody. */
export type Board = { boardId: string; groupId: string; reviewGroupId: string; client: BoardClient }

// Short: a hung board call holds a claim (and a worker) no longer than this.
export const DEFAULT_BOARD_TIMEOUT_MS = 4_000

export type BoardSettings = {
  token: string | undefined
  boardId: string | undefined
  groupId: string
  /** MONDAY_REVIEW_GROUP_ID (default `needs_a_look`). */
  reviewGroupId?: string
  apiUrl: string
  fetch: Fetch
  sleep?: (ms: number) => Promise<void>
  timeoutMs?: number
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The board client every stage uses; undefined until token and board id are set. */
export function boardFrom(settings: BoardSettings, maxRetryAfterMs: number): Board | undefined {
  if (!settings.token || !settings.boardId) return undefined
  const client = createBoardClient({
    token: settings.token,
    apiUrl: settings.apiUrl,
    fetch: settings.fetch,
    sleep: settings.sleep ?? wait,
    timeoutMs: settings.timeoutMs ?? DEFAULT_BOARD_TIMEOUT_MS,
    maxRetryAfterMs,
  })
  return { boardId: settings.boardId, groupId: settings.groupId, reviewGroupId: settings.reviewGroupId ?? DEFAULT_REVIEW_GROUP_ID, client }
}
