// A stand-in for Meta's Conversions API (`POST /{version}/{pixel id}/events`) on 127.0.0.1, strict
// as the Graph API is: the access token of the pixel, every field name known, `event_time` in
// seconds and no older than 7 days, `event_id` present (the fake insists: de-duplication needs it),
// a website event with its `event_source_url` and `client_user_agent`, `em`/`ph` only as SHA-256
// hex, `fbc` as fb.1.<ms>.<fbclid>, `custom_data.value` with its currency, and `test_event_code`
// only where the fake was started for one. Errors come as Graph errors (HTTP 400, `code`, `error_subcode`).
// An event whose event_name and event_id it took in the last 48 hours is a duplicate, kept apart.
import { HEX_64, isObject, parseJsonOr, startPlatformServer, unknownKeys } from './fake-platform-server.mjs'

export const META_PIXEL = '998877665544'
export const META_TOKEN = 'EAAfake-capi-token'
export const DEDUP_WINDOW_MS = 48 * 60 * 60 * 1000
const MAX_AGE_S = 7 * 24 * 60 * 60

const BODY_KEYS = ['data', 'test_event_code', 'access_token', 'partner_agent', 'namespace_id', 'upload_id', 'upload_tag', 'upload_source']
const EVENT_KEYS = [
  'event_name', 'event_time', 'event_id', 'event_source_url', 'action_source', 'user_data', 'custom_data', 'opt_out',
  'data_processing_options', 'data_processing_options_country', 'data_processing_options_state', 'referrer_url',
  'customer_segmentation', 'original_event_data', 'attribution_data', 'app_data', 'messaging_channel',
]
const HASHED = ['em', 'ph', 'fn', 'ln', 'db', 'ge', 'ct', 'st', 'zp', 'country', 'external_id']
const USER_KEYS = [...HASHED, 'fbc', 'fbp', 'client_ip_address', 'client_user_agent', 'subscription_id', 'fb_login_id', 'lead_id', 'anon_id', 'madid', 'page_id', 'ctwa_clid']
const ACTION_SOURCES = ['email', 'website', 'app', 'phone_call', 'chat', 'physical_store', 'system_generated', 'business_messaging', 'other']

const graphError = (code, subcode, title, message, type = 'OAuthException') => ({
  error: { message, type, code, ...(subcode && { error_subcode: subcode }), is_transient: false, error_user_title: title, error_user_msg: message, fbtrace_id: 'AfakeTrace' },
})
const invalid = (path, message, subcode = 2804019) => [400, graphError(100, subcode, 'Server-side API parameter error', `The parameter ${path}: ${message}`)]

/** The first thing Meta would refuse in `event`, as an answer; undefined when none. */
function refusal(event, i, nowS) {
  const at = `$['data'][${i}]`
  if (!isObject(event)) return invalid(at, 'must be an object')
  const bad = unknownKeys(event, EVENT_KEYS)
  if (bad.length) return invalid(`${at}['${bad[0]}']`, 'is not a known parameter')
  if (typeof event.event_name !== 'string' || !event.event_name) return invalid(`${at}['event_name']`, 'is required')
  if (!Number.isInteger(event.event_time)) return invalid(`${at}['event_time']`, 'is required, in seconds')
  if (event.event_time < nowS - MAX_AGE_S) return [400, graphError(100, 2804003, 'Event Timestamp Too Old', 'The timestamp for this event is more than 7 days in the past.')]
  if (event.event_time > nowS + 60) return [400, graphError(100, 2804004, 'Event Timestamp In Future', 'The timestamp for this event is in the future.')]
  if (typeof event.event_id !== 'string' || !event.event_id) return invalid(`${at}['event_id']`, 'is required for de-duplication')
  if (!ACTION_SOURCES.includes(event.action_source)) return invalid(`${at}['action_source']`, 'is required')
  const user = event.user_data
  if (!isObject(user)) return invalid(`${at}['user_data']`, 'is required')
  const badUser = unknownKeys(user, USER_KEYS)
  if (badUser.length) return invalid(`${at}['user_data']['${badUser[0]}']`, 'is not a known parameter')
  for (const key of HASHED) {
    if (user[key] === undefined) continue
    const values = Array.isArray(user[key]) ? user[key] : [user[key]]
    if (!values.every((value) => HEX_64.test(value))) return [400, graphError(100, 2804010, 'Invalid Hash', `${key} must be a SHA-256 hash, hex, lower case.`)]
  }
  if (user.fbc !== undefined && !/^fb\.[0-9]\.\d{13}\.\S+$/.test(user.fbc)) return invalid(`${at}['user_data']['fbc']`, 'is not fb.1.<creation time ms>.<fbclid>')
  if (![...HASHED, 'fbc', 'fbp', 'client_ip_address'].some((key) => user[key] !== undefined)) {
    return [400, graphError(100, 2804050, 'Invalid Parameter', 'The user_data has too few customer information parameters.')]
  }
  if (event.action_source === 'website') {
    if (typeof event.event_source_url !== 'string' || !/^https?:\/\//.test(event.event_source_url)) return invalid(`${at}['event_source_url']`, 'is required for website events')
    if (typeof user.client_user_agent !== 'string' || !user.client_user_agent) return invalid(`${at}['user_data']['client_user_agent']`, 'is required for website events')
  }
  const custom = event.custom_data
  if (custom !== undefined) {
    if (!isObject(custom)) return invalid(`${at}['custom_data']`, 'must be an object')
    if (custom.value !== undefined && (typeof custom.value !== 'number' || !/^[A-Z]{3}$/.test(String(custom.currency)))) {
      return invalid(`${at}['custom_data']`, 'value must be a number with a three-letter currency')
    }
  }
  return undefined
}

export async function startFakeMetaCapi(options = {}) {
  const testEventCode = options.testEventCode
  let offsetMs = 0
  let revoked = false
  const now = () => Date.now() + offsetMs
  const events = []
  const testEvents = []
  const duplicates = []
  const seen = new Map()

  const server = await startPlatformServer((call) => {
    const match = /^\/(v\d+\.\d+)\/([^/]+)\/events$/.exec(call.url.pathname)
    if (call.method !== 'POST' || !match) return undefined
    return { endpoint: 'events', run: () => {
      const body = parseJsonOr(call.text)
      const token = body?.access_token ?? call.url.searchParams.get('access_token') ?? /^Bearer (.+)$/.exec(call.headers.authorization ?? '')?.[1]
      if (!token) return [400, graphError(2500, undefined, 'Missing token', 'An active access token must be used to query information about the current user.')]
      if (revoked || token !== META_TOKEN) return [400, graphError(190, 460, 'Invalid token', 'Error validating access token: the session has been invalidated.')]
      if (match[2] !== META_PIXEL) return [400, graphError(100, 33, 'Unsupported post request', `Object with ID '${match[2]}' does not exist or cannot be loaded.`, 'GraphMethodException')]
      if (!isObject(body)) return invalid('body', 'must be JSON')
      const bad = unknownKeys(body, BODY_KEYS)
      if (bad.length) return invalid(`$['${bad[0]}']`, 'is not a known parameter')
      if (body.test_event_code !== undefined && body.test_event_code !== testEventCode) return invalid("$['test_event_code']", 'does not belong to this pixel')
      if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000) return invalid("$['data']", 'is required, 1 to 1000 events')
      const nowS = Math.floor(now() / 1000)
      for (const [i, event] of body.data.entries()) {
        const refused = refusal(event, i, nowS)
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
    } }
  }, (status) => status === 401
    ? graphError(190, 463, 'Expired token', 'Error validating access token: Session has expired.')
    : status === 400
      ? graphError(100, 2804019, 'Server-side API parameter error', 'Invalid parameter')
      : status === 429
        ? graphError(17, undefined, 'User request limit reached', 'User request limit reached')
        : { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, is_transient: true, fbtrace_id: 'AfakeTrace' } })

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
