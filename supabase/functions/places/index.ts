import { parseAllowedOrigins } from '../_shared/cors.ts'
import { consoleLogger } from '../_shared/logger.ts'
import { createPlacesHandler, DEFAULT_PLACES_URL } from './handler.ts'

const env = (name: string) => Deno.env.get(name)?.trim() || undefined

const handler = createPlacesHandler({
  apiKey: env('GOOGLE_MAPS_API_KEY'),
  baseUrl: env('GOOGLE_PLACES_URL') ?? DEFAULT_PLACES_URL,
  regionCodes: (env('PLACES_REGION_CODES') ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean),
  allowedOrigins: parseAllowedOrigins(env('ALLOWED_ORIGINS')),
  fetch,
  logger: consoleLogger,
})

// PORT is for local runs (`deno run`); the Supabase runtime chooses its own listener.
const port = Number(env('PORT'))
Deno.serve(Number.isInteger(port) && port > 0 ? { port } : {}, handler)
