/**
 * The board refuses in two ways that need a person, and each has its own fix:
 * - 'auth': the credentials (HTTP 401, 'Not Authenticated', `UserUnauthorizedException`): the
 *   token was revoked or rotated, or its user lost access. Fix: a new MONDAY_API_TOKEN.
 * - 'access': the board or group (permission, `ResourceNotFoundException`, invalid board or
 *   group id): fix MONDAY_BOARD_ID / MONDAY_GROUP_ID or the board's sharing.
 */
export type Refusal = 'auth' | 'access'

const AUTH_CODES = /^(UserUnauthorizedException|USER_UNAUTHORIZED|Unauthorized|NotAuthenticated|NOT_AUTHENTICATED|UNAUTHENTICATED)$/i
const ACCESS_CODES =
  /^(ResourceNotFoundException|RESOURCE_NOT_FOUND|InvalidBoardIdException|INVALID_BOARD_ID|InvalidGroupIdException|INVALID_GROUP_ID|Forbidden|FORBIDDEN|PERMISSION_DENIED|ResourceForbiddenException)$/
const AUTH_MESSAGE = /not authenticated|unauthori[sz]ed|invalid token|token (was )?(revoked|expired)/i
const ACCESS_MESSAGE = /permission|(board|group)\b.*\b(not found|does ?n[o']t exist|invalid)|invalid (board|group)/i

export type RefusalSigns = {
  status: number
  codes: readonly (string | undefined)[]
  statusCodes: readonly (number | undefined)[]
  messages: readonly string[]
}

export function refusalOf({ status, codes, statusCodes, messages }: RefusalSigns): Refusal | undefined {
  if (status === 401 || statusCodes.includes(401)) return 'auth'
  if (codes.some((code) => code && AUTH_CODES.test(code))) return 'auth'
  if (codes.some((code) => code && ACCESS_CODES.test(code))) return 'access'
  if (messages.some((message) => AUTH_MESSAGE.test(message))) return 'auth'
  if ([status, ...statusCodes].some((code) => code === 403 || code === 404)) return 'access'
  if (messages.some((message) => ACCESS_MESSAGE.test(message))) return 'access'
  return undefined
}
