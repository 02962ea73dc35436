import { isScenario } from './scenario'

const tokenOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>).turnstileToken : undefined

/** The only token a widget gives offline: Cloudflare's dummy, from its test site keys (and the stand-in). */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'

/**
 * siteverify as the functions meet it with Cloudflare's test secret: the dummy token the widget
 * gave passes; any other (forged, guessed, empty) or none fails, as siteverify refuses a token it
 * never issued. Scenario `turnstile-failed` makes every token fail, as a spent one does.
 */
export const tokenVerified = (body: unknown): boolean => tokenOf(body) === DUMMY_TOKEN && !isScenario('turnstile-failed')

export const VERIFICATION_FAILED = {
  error: 'verification-failed',
  message: 'We could not confirm this request came from a person. Reload the page and try again, or call us.',
} as const
