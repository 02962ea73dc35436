import { DEFAULT_BOARD_API_URL, DEFAULT_BOARD_GROUP_ID, DEFAULT_ENTERPRISE_GROUP_ID } from './client.ts'
import { DEFAULT_BOARD_TIMEOUT_MS, type BoardSettings } from './board.ts'
import { DEFAULT_REVIEW_GROUP_ID } from './needs-a-look.ts'
import { positiveInt } from '../runtime/positive-int.ts'

/**
 * The board client's settings, read here only, from `read` (a function's `env`): MONDAY_API_TOKEN,
 * MONDAY_BOARD_ID, MONDAY_API_URL, BOARD_TIMEOUT_MS (4 s), and the groups: the leads'
 * (MONDAY_GROUP_ID, `topics`), 'Needs a look' (MONDAY_REVIEW_GROUP_ID, `needs_a_look`) and the
 * enterprise deals' (MONDAY_ENTERPRISE_GROUP_ID, `enterprise`). A stage that needs its own board
 * timeout (bookings: BOOKINGS_BOARD_TIMEOUT_MS) passes it over this one.
 */
export function boardSettings(
  read: (name: string) => string | undefined,
): Omit<BoardSettings, 'fetch'> & { timeoutMs: number; reviewGroupId: string; enterpriseGroupId: string } {
  return {
    token: read('MONDAY_API_TOKEN'),
    boardId: read('MONDAY_BOARD_ID'),
    groupId: read('MONDAY_GROUP_ID') ?? DEFAULT_BOARD_GROUP_ID,
    reviewGroupId: read('MONDAY_REVIEW_GROUP_ID') ?? DEFAULT_REVIEW_GROUP_ID,
    enterpriseGroupId: read('MONDAY_ENTERPRISE_GROUP_ID') ?? DEFAULT_ENTERPRISE_GROUP_ID,
    apiUrl: read('MONDAY_API_URL') ?? DEFAULT_BOARD_API_URL,
    timeoutMs: positiveInt(read('BOARD_TIMEOUT_MS')) ?? DEFAULT_BOARD_TIMEOUT_MS,
  }
}

/** The settings a board needs that are missing, by name (for the function's warning at start). */
export function missingBoardSettings(settings: Pick<BoardSettings, 'token' | 'boardId'>): string[] {
  return [!settings.token && 'MONDAY_API_TOKEN', !settings.boardId && 'MONDAY_BOARD_ID'].filter((name): name is string => Boolean(name))
}
