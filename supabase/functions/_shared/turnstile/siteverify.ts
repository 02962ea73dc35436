import type { Fetch } from '../http/http.ts'
import { excerpt } from '../http/upstream.ts'
import type { Logger } from '../runtime/logger.ts'
import type { TokenLedger } from './token-ledger.ts'

export const DEFAULT_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** Short: the visitor waits on it, and an outage must not hold every request for long. */
export const DEFAULT_VERIFY_TIMEOUT_MS = 3_000
/** A token lives 300 seconds (Cloudflare); it is remembered that long after its challenge. */
export const TOKEN_LIFETIME_MS = 300_000
export const TOKEN_MAX_LENGTH = 2048

/** The widget's `action` on each form; a token solved for one form is refused by another. */
export type TurnstileAction = 'lead' | 'check' | 'reply' | 'registration'

export type Unverified =
  'missing-token' | 'invalid-token' | 'spent-token' | 'wrong-hostname' | 'wrong-action' | 'replayed' | 'too-fast' | 'siteverify-down'

export type Verification =
  /** The check is off (TURNSTILE_SECRET_KEY unset). */
  | { kind: 'off' }
  | { kind: 'verified'; challengeAt: Date }
  | { kind: 'unverified'; reason: Unverified }
  /** siteverify did not answer: each caller decides (docs/turnstile.md). */
  | { kind: 'unavailable'; reason: 'siteverify-down' }

export type VerifyInput = {
  token: unknown
  action: TurnstileAction
  /** The request's headers: siteverify's `remoteip` is the one header the client address rule trusts. */
  headers: Headers
  /** A uuid: a retry of the same submission verifies again instead of meeting 'already spent'. */
  idempotencyKey: string
}

export type Verifier = (input: VerifyInput) => Promise<Verification>

export type TurnstileSettings = {
  secretKey: string | undefined
  verifyUrl: string
  /** TURNSTILE_HOSTNAMES; empty: any hostname (logged loudly). */
  hostnames: readonly string[]
  timeoutMs: number
  /** CLIENT_ADDRESS_HEADER (docs/client-address.md). */
  addressHeader: string
}

/** Cloudflare's documented dummy secrets: every token (or none) gets the same answer, for tests only. */
export const isTestSecret = (secret: string) => /^[123]x0{31}AA$/.test(secret)

type SiteverifyAnswer = { success?: unknown; 'error-codes'?: unknown; hostname?: unknown; action?: unknown; challenge_ts?: unknown }

/**
 * Cloudflare Turnstile's server check: one form-encoded POST to siteverify with the secret, the
 * token, the client address and an idempotency key, then `success`, `hostname` and `action`
 * checked here, and the token's hash kept for its lifetime so it is taken once across functions.
 */
export function createVerifier(deps: {
  settings: TurnstileSettings
  fetch: Fetch
  logger: Logger
  ledger: TokenLedger | undefined
  now: () => Date
}): Verifier {
  const { settings, logger } = deps
  const secret = settings.secretKey
  if (!secret) logger.error('TURNSTILE_SECRET_KEY is not set: the bot check is OFF and nothing is verified')
  else if (isTestSecret(secret)) logger.error('TURNSTILE_SECRET_KEY is a Cloudflare test key: every token gets the same answer')
  if (secret && settings.hostnames.length === 0) logger.warn('TURNSTILE_HOSTNAMES is empty: tokens from any hostname are taken')

  return async ({ token, action, headers, idempotencyKey }) => {
    if (!secret) return { kind: 'off' }
    if (token === undefined || token === null || token === '') return { kind: 'unverified', reason: 'missing-token' }
    if (typeof token !== 'string' || token.length > TOKEN_MAX_LENGTH) return { kind: 'unverified', reason: 'invalid-token' }

    const form = new URLSearchParams({ secret, response: token, idempotency_key: idempotencyKey })
    const remoteIp = headers.get(settings.addressHeader)?.trim()
    if (remoteIp) form.set('remoteip', remoteIp)
    let answer: SiteverifyAnswer
    try {
      const res = await deps.fetch(settings.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`HTTP ${res.status} ${excerpt(text)}`)
      answer = JSON.parse(text) as SiteverifyAnswer
    } catch (error) {
      logger.error('turnstile: siteverify did not answer', { action, message: error instanceof Error ? error.message : String(error) })
      return { kind: 'unavailable', reason: 'siteverify-down' }
    }

    const unverified = (reason: Unverified, fields: Record<string, unknown> = {}): Verification => {
      logger.info('turnstile: token refused', { action, reason, ...fields })
      return { kind: 'unverified', reason }
    }
    if (answer.success !== true) {
      const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : []
      if (codes.some((code) => code.includes('secret')))
        logger.error('turnstile: siteverify refused our secret', { codes: codes.join(',') })
      return unverified(codes.includes('timeout-or-duplicate') ? 'spent-token' : 'invalid-token', { codes: codes.join(',') })
    }
    // The dummy secrets answer every token alike (hostname example.com): only the real one is checked further.
    if (!isTestSecret(secret)) {
      if (settings.hostnames.length > 0 && !settings.hostnames.includes(String(answer.hostname).toLowerCase()))
        return unverified('wrong-hostname', { hostname: String(answer.hostname) })
      if (answer.action !== action) return unverified('wrong-action', { got: String(answer.action) })
    }
    const challengeAt = new Date(typeof answer.challenge_ts === 'string' ? answer.challenge_ts : Number.NaN)
    const at = Number.isNaN(challengeAt.getTime()) ? deps.now() : challengeAt
    if (deps.ledger) {
      try {
        if (!(await deps.ledger.use(token, idempotencyKey, new Date(at.getTime() + TOKEN_LIFETIME_MS)))) return unverified('replayed')
      } catch (error) {
        logger.error('turnstile: token ledger failed', { message: error instanceof Error ? error.message : String(error) })
        return { kind: 'unavailable', reason: 'siteverify-down' }
      }
    }
    return { kind: 'verified', challengeAt: at }
  }
}

/** TURNSTILE_HOSTNAMES: comma separated, lower case. */
export const parseHostnames = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
