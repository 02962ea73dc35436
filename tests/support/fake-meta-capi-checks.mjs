// What fake-meta-capi.mjs refuses in an event of `data[]`, as the Graph API does, with its codes and subcodes.
import { HEX_64, isObject, unknownKeys } from './fake-platform-server.mjs'

const MAX_AGE_S = 7 * 24 * 60 * 60

export const BODY_KEYS = [
  'data',
  'test_event_code',
  'access_token',
  'partner_agent',
  'namespace_id',
  'upload_id',
  'upload_tag',
  'upload_source',
]
const EVENT_KEYS = [
  'event_name',
  'event_time',
  'event_id',
  'event_source_url',
  'action_source',
  'user_data',
  'custom_data',
  'opt_out',
  'data_processing_options',
  'data_processing_options_country',
  'data_processing_options_state',
  'referrer_url',
  'customer_segmentation',
  'original_event_data',
  'attribution_data',
  'app_data',
  'messaging_channel',
]
const HASHED = ['em', 'ph', 'fn', 'ln', 'db', 'ge', 'ct', 'st', 'zp', 'country', 'external_id']
const USER_KEYS = [
  ...HASHED,
  'fbc',
  'fbp',
  'client_ip_address',
  'client_user_agent',
  'subscription_id',
  'fb_login_id',
  'lead_id',
  'anon_id',
  'madid',
  'page_id',
  'ctwa_clid',
]
const ACTION_SOURCES = [
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
]

export const graphError = (code, subcode, title, message, type = 'OAuthException') => ({
  error: {
    message,
    type,
    code,
    ...(subcode && { error_subcode: subcode }),
    is_transient: false,
    error_user_title: title,
    error_user_msg: message,
    fbtrace_id: 'AfakeTrace',
  },
})
export const invalid = (path, message, subcode = 2804019) => [
  400,
  graphError(100, subcode, 'Server-side API parameter error', `The parameter ${path}: ${message}`),
]

/** The first thing Meta would refuse in `event`, as an answer; undefined when none. */
export function eventRefusal(event, i, nowS) {
  const at = `$['data'][${i}]`
  if (!isObject(event)) return invalid(at, 'must be an object')
  const bad = unknownKeys(event, EVENT_KEYS)
  if (bad.length) return invalid(`${at}['${bad[0]}']`, 'is not a known parameter')
  if (typeof event.event_name !== 'string' || !event.event_name) return invalid(`${at}['event_name']`, 'is required')
  if (!Number.isInteger(event.event_time)) return invalid(`${at}['event_time']`, 'is required, in seconds')
  if (event.event_time < nowS - MAX_AGE_S)
    return [400, graphError(100, 2804003, 'Event Timestamp Too Old', 'The timestamp for this event is more than 7 days in the past.')]
  if (event.event_time > nowS + 60)
    return [400, graphError(100, 2804004, 'Event Timestamp In Future', 'The timestamp for this event is in the future.')]
  if (typeof event.event_id !== 'string' || !event.event_id) return invalid(`${at}['event_id']`, 'is required for de-duplication')
  if (!ACTION_SOURCES.includes(event.action_source)) return invalid(`${at}['action_source']`, 'is required')
  const user = event.user_data
  if (!isObject(user)) return invalid(`${at}['user_data']`, 'is required')
  const badUser = unknownKeys(user, USER_KEYS)
  if (badUser.length) return invalid(`${at}['user_data']['${badUser[0]}']`, 'is not a known parameter')
  for (const key of HASHED) {
    if (user[key] === undefined) continue
    const values = Array.isArray(user[key]) ? user[key] : [user[key]]
    if (!values.every((value) => HEX_64.test(value)))
      return [400, graphError(100, 2804010, 'Invalid Hash', `${key} must be a SHA-256 hash, hex, lower case.`)]
  }
  if (user.fbc !== undefined && !/^fb\.[0-9]\.\d{13}\.\S+$/.test(user.fbc))
    return invalid(`${at}['user_data']['fbc']`, 'is not fb.1.<creation time ms>.<fbclid>')
  if (![...HASHED, 'fbc', 'fbp', 'client_ip_address'].some((key) => user[key] !== undefined)) {
    return [400, graphError(100, 2804050, 'Invalid Parameter', 'The user_data has too few customer information parameters.')]
  }
  if (event.action_source === 'website') {
    if (typeof event.event_source_url !== 'string' || !/^https?:\/\//.test(event.event_source_url))
      return invalid(`${at}['event_source_url']`, 'is required for website events')
    if (typeof user.client_user_agent !== 'string' || !user.client_user_agent)
      return invalid(`${at}['user_data']['client_user_agent']`, 'is required for website events')
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
