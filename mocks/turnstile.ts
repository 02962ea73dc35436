import { isScenario } from './scenario'

const tokenOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>).turnstileToken : undefined

/**
 * The fake siteverify, as the functions meet it with Cloudflare's passing test secret: any token
 * (the stand-in's is Cloudflare's dummy `XXXX.DUMMY.TOKEN.XXXX`) passes, none fails. Scenario `turnstile-failed` makes every token fail, as a spent or forged one does.
 */
export const tokenVerified = (body: unknown): boolean => {
  const token = tokenOf(body)
  return typeof token === 'string' && token !== '' && !isScenario('turnstile-failed')
}

export const VERIFICATION_FAILED = {
  error: 'verification-failed',
  message: 'We could not confirm this request came from a person. Reload the page and try again, or call us.',
} as const
