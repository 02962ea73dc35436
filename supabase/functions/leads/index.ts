import { parseAllowedOrigins } from '../_shared/cors.ts'
import { consoleLogger } from '../_shared/logger.ts'
import { DEFAULT_BOARD_API_URL, DEFAULT_BOARD_GROUP_ID } from './board.ts'
import { createLeadsHandler } from './handler.ts'

const env = (name: string) => Deno.env.get(name)?.trim() || undefined

const handler = createLeadsHandler({
  token: env('MONDAY_API_TOKEN'),
  boardId: env('MONDAY_BOARD_ID'),
  groupId: env('MONDAY_GROUP_ID') ?? DEFAULT_BOARD_GROUP_ID,
  apiUrl: env('MONDAY_API_URL') ?? DEFAULT_BOARD_API_URL,
  allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
  fetch,
  logger: consoleLogger,
  now: () => new Date(),
})

// PORT is for local runs (`deno run`); the Supabase runtime chooses its own listener.
const port = Number(env('PORT'))
Deno.serve(Number.isInteger(port) && port > 0 ? { port } : {}, handler)
