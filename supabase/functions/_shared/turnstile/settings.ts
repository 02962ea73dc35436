import type { Sql } from '../runtime/db.ts'
import { env, envInt } from '../runtime/env.ts'
import type { Logger } from '../runtime/logger.ts'
import { DEFAULT_CLIENT_ADDRESS_HEADER } from '../limits/client-address.ts'
import { pgTokenLedger } from './token-ledger.ts'
import { createVerifier, DEFAULT_VERIFY_TIMEOUT_MS, DEFAULT_VERIFY_URL, parseHostnames, type Verifier } from './siteverify.ts'

/** TURNSTILE_SECRET_KEY, TURNSTILE_VERIFY_URL, TURNSTILE_HOSTNAMES and TURNSTILE_TIMEOUT_MS (docs/turnstile.md). */
export function turnstileVerifier(sql: Sql | undefined, logger: Logger): Verifier {
  return createVerifier({
    settings: {
      secretKey: env('TURNSTILE_SECRET_KEY'),
      verifyUrl: env('TURNSTILE_VERIFY_URL') ?? DEFAULT_VERIFY_URL,
      hostnames: parseHostnames(env('TURNSTILE_HOSTNAMES')),
      timeoutMs: envInt('TURNSTILE_TIMEOUT_MS', DEFAULT_VERIFY_TIMEOUT_MS),
      addressHeader: (env('CLIENT_ADDRESS_HEADER') ?? DEFAULT_CLIENT_ADDRESS_HEADER).toLowerCase(),
    },
    fetch,
    logger,
    ledger: sql && pgTokenLedger(sql),
    now: () => new Date(),
  })
}
