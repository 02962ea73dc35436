import { env } from '../runtime/env.ts'

/** PORT is for local runs (`deno run`); the Supabase runtime chooses its own listener. */
export function serve(handler: (req: Request) => Promise<Response>): void {
  const port = Number(env('PORT'))
  Deno.serve(Number.isInteger(port) && port > 0 ? { port } : {}, handler)
}
