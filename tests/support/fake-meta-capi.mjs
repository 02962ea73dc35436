// A stand-in for Meta's Conversions API (`POST /{version}/{pixel id}/events`) on 127.0.0.1, strict
// as the Graph API is: the access token of the pixel, every field name known, `event_time` in
// seconds and no older than 7 days, `event_id` present (the fake insists: de-duplication needs it),
// a website event with its `event_source_url` and `client_user_agent`, `em`/`ph` only as SHA-256
// hex, `fbc` as fb.1.<ms>.<fbclid>, `custom_data.value` with its currency, and `test_event_code`
// only where the fake was started for one. Errors come as Graph errors (HTTP 400, `code`, `error_subcode`).
// An event whose event_name and event_id it took in the last 48 hours is a duplicate, kept apart.
import { BODY_KEYS, eventRefusal, graphError, invalid } from './fake-meta-capi-checks.mjs'
import { isObject, parseJsonOr, startPlatformServer, unknownKeys } from './fake-platform-server.mjs'

export const META_PIXEL = '998877665544'
export const META_TOKEN = 'EAAfake-capi-token'
export const DEDUP_WINDOW_MS = 48 * 60 * 60 * 1000
export async function startFakeMetaCapi(options = {}) {
  const testEventCode = options.testEventCode
  let offsetMs = 0
  let revoked = false
  const now = () => Date.now() + offsetMs
  const events = []
  const testEvents = []
  const duplicates = []
  const seen = new Map()

  const server = await startPlatformServer(
    (call) => {
      const match = /^\/(v\d+\.\d+)\/([^/]+)\/events$/.exec(call.url.pathname)
      if (call.method !== 'POST' || !match) return undefined
      return {
        endpoint: 'events',
        run: () => {
          const body = parseJsonOr(call.text)
          const token =
            body?.access_token ?? call.url.searchParams.get('access_token') ?? /^Bearer (.+)$/.exec(call.headers.authorization ?? '')?.[1]
          if (!token)
            return [
              400,
              graphError(
                2500,
                undefined,
                'Missing token',
                'An active access token must be used to query information about the current user.',
              ),
            ]
          if (revoked || token !== META_TOKEN)
            return [400, graphError(190, 460, 'Invalid token', 'Error validating access token: the session has been invalidated.')]
          if (match[2] !== META_PIXEL)
            return [
              400,
              graphError(
                100,
                33,
                'Unsupported post request',
                `Object with ID '${match[2]}' does not exist or cannot be loaded.`,
                'GraphMethodException',
              ),
            ]
          if (!isObject(body)) return invalid('body', 'must be JSON')
          const bad = unknownKeys(body, BODY_KEYS)
          if (bad.length) return invalid(`$['${bad[0]}']`, 'is not a known parameter')
          if (body.test_event_code !== undefined && body.test_event_code !== testEventCode)
            return invalid("$['test_event_code']", 'does not belong to this pixel')
          if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000)
            return invalid("$['data']", 'is required, 1 to 1000 events')
          const nowS = Math.floor(now() / 1000)
          for (const [i, event] of body.data.entries()) {
            const refused = eventRefusal(event, i, nowS)
            if (refused) return refused
          }
          for (const event of body.data) {
            if (body.test_event_code) {
              testEvents.push(event)
              continue
            }
            const key = `${event.event_name}|${event.event_id}`
            if ((seen.get(key) ?? -Infinity) > now() - DEDUP_WINDOW_MS) {
              duplicates.push(key)
              continue
            }
            seen.set(key, now())
            events.push(event)
          }
          return [200, { events_received: body.data.length, messages: [], fbtrace_id: `Afake${server.requests.length}` }]
        },
      }
    },
    (status) =>
      status === 401
        ? graphError(190, 463, 'Expired token', 'Error validating access token: Session has expired.')
        : status === 400
          ? graphError(100, 2804019, 'Server-side API parameter error', 'Invalid parameter')
          : status === 429
            ? graphError(17, undefined, 'User request limit reached', 'User request limit reached')
            : {
                error: {
                  message: 'Service temporarily unavailable',
                  type: 'OAuthException',
                  code: 2,
                  is_transient: true,
                  fbtrace_id: 'AfakeTrace',
                },
              },
  )

  return {
    url: server.url,
    requests: server.requests,
    events,
    testEvents,
    duplicates,
    failNext: (fault, count, opts) => server.failNext('events', fault, count, opts),
    advanceClock(ms) {
      offsetMs += ms
    },
    revokeToken() {
      revoked = true
    },
    clear() {
      server.reset()
      events.length = 0
      testEvents.length = 0
      duplicates.length = 0
      seen.clear()
      offsetMs = 0
      revoked = false
    },
    close: server.close,
  }
}
