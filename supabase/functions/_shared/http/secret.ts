import { json } from './http.ts'
import type { Logger } from '../runtime/logger.ts'

/** The header Supabase Cron and uptime monitors send with CRON_SECRET. */
export const SECRET_HEADER = 'x-cron-secret'
/** The header before CRON_SECRET (REDELIVER_SECRET's); still accepted, logged as deprecated, for one release. */
export const DEPRECATED_SECRET_HEADER = 'x-redeliver-secret'

/**
 * The scheduled-call secret of every Cron-called function: CRON_SECRET, or for one release the
 * old REDELIVER_SECRET when only it is set (logged as deprecated, so the move is seen in the logs).
 */
export function cronSecret(read: (name: string) => string | undefined, logger: Logger): string | undefined {
  const secret = read('CRON_SECRET')
  if (secret) return secret
  const old = read('REDELIVER_SECRET')
  if (old) logger.warn('REDELIVER_SECRET is deprecated: set CRON_SECRET to the same value, then unset it (docs/leads-pipeline.md)')
  return old
}

/** Compares in time independent of where the strings differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let diff = a.length ^ b.length
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i]!
  return diff === 0
}

/** The refusal for a call without CRON_SECRET (503 while the function has none), or undefined to go on. */
export function refuseWithoutSecret(
  req: Request,
  { secret, logger }: { secret?: string; logger: Logger },
  fn: string,
  notConfigured: string,
): Response | undefined {
  if (!secret) {
    logger.error(`${fn} has no CRON_SECRET: refusing every call`)
    return json(503, { error: notConfigured })
  }
  const given = req.headers.get(SECRET_HEADER)
  if (given !== null) return sameSecret(given, secret) ? undefined : json(401, { error: 'Unauthorized' })
  if (sameSecret(req.headers.get(DEPRECATED_SECRET_HEADER) ?? '', secret)) {
    logger.warn(`${fn} was called with the deprecated ${DEPRECATED_SECRET_HEADER} header: send ${SECRET_HEADER}`)
    return undefined
  }
  return json(401, { error: 'Unauthorized' })
}
