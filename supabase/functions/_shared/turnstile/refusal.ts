import { json } from '../http/http.ts'

export const DEFAULT_SALES_PHONE = '1300 555 019'

/** What /check and /reply answer without a valid token: before any outside call, and with the phone. */
export function verificationFailed(phone: string): Response {
  return json(403, {
    error: 'verification-failed',
    message: `We could not confirm this request came from a person. Please reload the page and try again, or call us on ${phone}.`,
  })
}

/** siteverify is down: nothing was done, and the same request can succeed shortly. */
export function verificationUnavailable(retryAfterSeconds = 30): Response {
  return json(
    503,
    { error: 'verification-unavailable', message: 'We cannot check requests right now. Please try again in a minute.' },
    { 'retry-after': String(retryAfterSeconds) },
  )
}
