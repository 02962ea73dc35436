// A stand-in for Google's OAuth token endpoint and the Data Manager API (`events:ingest`,
// `requestStatus:retrieve`) on 127.0.0.1. Strict as the real services are: a refresh token traded
// for a short-lived Bearer token (on the fake's clock), every field name known, destinations of the
// operating account and its conversion actions, exactly one of gclid/gbraid/wbraid, at most 10
// user identifiers each of 64 hex when `encoding` is HEX, and one invalid event fails the whole
// request. Events are kept by conversion action and transactionId: a resend is a duplicate, not a
// second conversion, as Google de-duplicates them.
import { HEX_64, isObject, parseJsonOr, startPlatformServer, unknownKeys } from './fake-platform-server.mjs'

export const GOOGLE_CLIENT = { clientId: 'fake-client.apps.googleusercontent.com', clientSecret: 'fake-secret', refreshToken: '1//fake-refresh' }
export const GOOGLE_ACCOUNT = '1234567890'
export const GOOGLE_ACTIONS = { lead: '7001', call: '7002', purchase: '7003' }

const REQUEST_KEYS = ['destinations', 'events', 'encoding', 'consent', 'validateOnly', 'encryptionInfo', 'termsOfService']
const DESTINATION_KEYS = ['reference', 'operatingAccount', 'loginAccount', 'linkedAccount', 'productDestinationId']
const EVENT_KEYS = [
  'destinationReferences', 'transactionId', 'eventTimestamp', 'lastUpdatedTimestamp', 'userData', 'consent',
  'adIdentifiers', 'currency', 'conversionValue', 'eventSource', 'eventDeviceInfo', 'cartData', 'customVariables',
  'experimentalFields', 'userProperties', 'eventName', 'clientId', 'userId', 'additionalEventParameters',
]
const CLICK_KEYS = ['gclid', 'gbraid', 'wbraid']
const CONSENT = ['CONSENT_STATUS_UNSPECIFIED', 'CONSENT_GRANTED', 'CONSENT_DENIED']
const ACCOUNT_TYPES = ['GOOGLE_ADS', 'DISPLAY_VIDEO_PARTNER', 'DISPLAY_VIDEO_ADVERTISER', 'DATA_PARTNER', 'GOOGLE_ANALYTICS_PROPERTY']
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

const rpcError = (code, status, message, details = []) => ({ error: { code, message, status, details } })
const FAULT_STATUS = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 429: 'RESOURCE_EXHAUSTED', 503: 'UNAVAILABLE' }

/** The first thing the real API would refuse in an ingest request, as [field, description]; undefined when none. */
function refusal(body, accounts, actions) {
  if (!isObject(body)) return ['', 'Invalid JSON payload']
  const extra = unknownKeys(body, REQUEST_KEYS)
  if (extra.length) return [extra[0], `Unknown name "${extra[0]}": Cannot find field.`]
  if (!Array.isArray(body.destinations) || body.destinations.length === 0) return ['destinations', 'Required']
  for (const [i, d] of body.destinations.entries()) {
    const bad = unknownKeys(d, DESTINATION_KEYS)
    if (bad.length) return [`destinations[${i}].${bad[0]}`, 'Cannot find field.']
    for (const key of ['operatingAccount', 'loginAccount']) {
      const account = d[key]
      if (account === undefined && key === 'loginAccount') continue
      if (!isObject(account) || !ACCOUNT_TYPES.includes(account.accountType) || !/^\d+$/.test(String(account.accountId))) {
        return [`destinations[${i}].${key}`, 'accountType and a numeric accountId are required']
      }
    }
    if (typeof d.productDestinationId !== 'string' || !d.productDestinationId) return [`destinations[${i}].productDestinationId`, 'Required']
  }
  if (!Array.isArray(body.events) || body.events.length === 0) return ['events', 'Required']
  if (body.events.length > 2000) return ['events', 'At most 2000 events per request']
  if (body.encoding !== undefined && !['HEX', 'BASE64'].includes(body.encoding)) return ['encoding', 'Invalid value']
  for (const [i, e] of body.events.entries()) {
    const at = `events[${i}]`
    if (!isObject(e)) return [at, 'Invalid value']
    const bad = unknownKeys(e, EVENT_KEYS)
    if (bad.length) return [`${at}.${bad[0]}`, `Unknown name "${bad[0]}": Cannot find field.`]
    if (typeof e.transactionId !== 'string' || !e.transactionId) return [`${at}.transactionId`, 'Required']
    if (typeof e.eventTimestamp !== 'string' || !RFC3339.test(e.eventTimestamp)) return [`${at}.eventTimestamp`, 'Invalid RFC 3339 timestamp']
    const clicks = isObject(e.adIdentifiers) ? CLICK_KEYS.filter((key) => key in e.adIdentifiers) : []
    if (clicks.length !== 1) return [`${at}.adIdentifiers`, 'Exactly one of gclid, gbraid, wbraid is required']
    if (typeof e.adIdentifiers[clicks[0]] !== 'string' || !e.adIdentifiers[clicks[0]]) return [`${at}.adIdentifiers.${clicks[0]}`, 'Empty']
    if (e.userData !== undefined) {
      const ids = e.userData?.userIdentifiers
      if (!Array.isArray(ids) || ids.length === 0) return [`${at}.userData.userIdentifiers`, 'Required']
      if (ids.length > 10) return [`${at}.userData.userIdentifiers`, 'At most 10 user identifiers']
      if (!body.encoding) return ['encoding', 'Required when userData is hashed']
      for (const [j, id] of ids.entries()) {
        const kinds = Object.keys(id ?? {})
        if (kinds.length !== 1 || !['emailAddress', 'phoneNumber', 'address'].includes(kinds[0])) {
          return [`${at}.userData.userIdentifiers[${j}]`, 'Exactly one of emailAddress, phoneNumber, address']
        }
        const value = id[kinds[0]]
        const hashed = body.encoding === 'HEX' ? HEX_64.test(value) : /^[A-Za-z0-9+/]{43}=$/.test(value)
        if (kinds[0] !== 'address' && !hashed) return [`${at}.userData.userIdentifiers[${j}].${kinds[0]}`, `Not a SHA-256 hash in ${body.encoding}`]
      }
    }
    for (const key of ['adUserData', 'adPersonalization']) {
      if (e.consent?.[key] !== undefined && !CONSENT.includes(e.consent[key])) return [`${at}.consent.${key}`, 'Invalid value']
    }
    if (e.currency !== undefined && !/^[A-Z]{3}$/.test(e.currency)) return [`${at}.currency`, 'Invalid currency code']
    if (e.conversionValue !== undefined && (typeof e.conversionValue !== 'number' || e.conversionValue < 0)) return [`${at}.conversionValue`, 'Invalid value']
  }
  for (const d of body.destinations) {
    if (!accounts.includes(d.operatingAccount.accountId)) return { permission: `The caller does not have permission on account ${d.operatingAccount.accountId}` }
    if (!actions.includes(d.productDestinationId)) return { destination: d.productDestinationId }
  }
  return undefined
}

export async function startFakeGoogleDm(options = {}) {
  const lifetimeS = options.tokenLifetimeS ?? 3600
  const actions = Object.values(GOOGLE_ACTIONS)
  let offsetMs = 0
  let revoked = false
  let nextId = 1
  const now = () => Date.now() + offsetMs
  const tokens = new Map()
  const events = new Map()
  const duplicates = []
  const statuses = new Map()
  let tokenExchanges = 0

  const bearer = (headers) => {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1]
    const expiresAt = token && tokens.get(token)
    return expiresAt && expiresAt > now()
  }
  const unauthenticated = () => [401, rpcError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')]

  const server = await startPlatformServer((call) => {
    const { method, url, headers, text } = call
    if (method === 'POST' && url.pathname === '/token') {
      return { endpoint: 'token', run: () => {
        tokenExchanges += 1
        const form = new URLSearchParams(text)
        if (form.get('grant_type') !== 'refresh_token') return [400, { error: 'unsupported_grant_type' }]
        if (form.get('client_id') !== GOOGLE_CLIENT.clientId || form.get('client_secret') !== GOOGLE_CLIENT.clientSecret) return [401, { error: 'invalid_client' }]
        if (revoked || form.get('refresh_token') !== GOOGLE_CLIENT.refreshToken) return [400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }]
        const token = `ya29.fake-${nextId++}`
        tokens.set(token, now() + lifetimeS * 1000)
        return [200, { access_token: token, expires_in: lifetimeS, scope: 'https://www.googleapis.com/auth/datamanager', token_type: 'Bearer' }]
      } }
    }
    if (method === 'POST' && url.pathname === '/v1/events:ingest') {
      return { endpoint: 'ingest', run: () => {
        if (!bearer(headers)) return unauthenticated()
        const body = parseJsonOr(text)
        const refused = refusal(body, [GOOGLE_ACCOUNT], actions)
        if (refused?.permission) return [403, rpcError(403, 'PERMISSION_DENIED', refused.permission)]
        if (refused?.destination) {
          return [400, rpcError(400, 'INVALID_ARGUMENT', `Unknown conversion action ${refused.destination}`, [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'INVALID_PRODUCT_DESTINATION', domain: 'datamanager.googleapis.com' }])]
        }
        if (refused) {
          const [field, description] = refused
          return [400, rpcError(400, 'INVALID_ARGUMENT', `Invalid value at '${field}': ${description}`, [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description }] }])]
        }
        const requestId = `req-${nextId++}`
        if (!body.validateOnly) {
          for (const event of body.events) {
            for (const d of body.destinations) {
              const key = `${d.productDestinationId}|${event.transactionId}`
              if (events.has(key)) duplicates.push(key)
              else events.set(key, { destination: d.productDestinationId, event, requestId })
            }
          }
          statuses.set(requestId, body.destinations.map((destination) => ({ destination, requestStatus: 'SUCCESS', eventsIngestionStatus: { recordCount: String(body.events.length) } })))
        }
        return [200, { requestId }]
      } }
    }
    if (method === 'GET' && url.pathname === '/v1/requestStatus:retrieve') {
      return { endpoint: 'status', run: () => {
        if (!bearer(headers)) return unauthenticated()
        const found = statuses.get(url.searchParams.get('requestId') ?? '')
        return found ? [200, { requestStatusPerDestination: found }] : [404, rpcError(404, 'NOT_FOUND', 'Request id not found.')]
      } }
    }
    return undefined
  }, (status) => rpcError(status, FAULT_STATUS[status] ?? 'UNKNOWN', `Fault ${status}`))

  return {
    url: server.url,
    tokenUrl: `${server.url}/token`,
    requests: server.requests,
    events,
    duplicates,
    get tokenExchanges() {
      return tokenExchanges
    },
    failNext: server.failNext,
    advanceClock(ms) {
      offsetMs += ms
    },
    revokeRefreshToken() {
      revoked = true
    },
    clear() {
      server.reset()
      events.clear()
      duplicates.length = 0
      statuses.clear()
      tokens.clear()
      tokenExchanges = 0
      offsetMs = 0
      revoked = false
    },
    close: server.close,
  }
}
