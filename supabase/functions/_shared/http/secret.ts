import { json } from './http.ts'
import type { Logger } from '../runtime/logger.ts'

/** The header Supabase Cron and uptime monitors send with REDELIVER_SECRET. */
export const SECRET_HEADER = 'x-redeliver-secret'

/** Compares in time independent of where the strings differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let diff = a.length ^ b.length
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i]!
  return diff === 0
}

/** The refusal for a call without REDELIVER_SECRET (503 while the function has none), or undefined to go on. */
export function refuseWithoutSecret(
  req: Request,
  { secret, logger }: { secret?: string; logger: Logger },
  fn: string,
  notConfigured: string,
): Response | undefined {
  if (!secret) {
    logger.error(`${fn} has no REDELIVER_SECRET: refusing every call`)
    return json(503, { error: notConfigured })
  }
  if (!sameSecret(req.headers.get(SECRET_HEADER) ?? '', secret)) return json(401, { error: 'Unauthorized' })
}
