// What fake-google-dm.mjs refuses in an `events:ingest` body, as the Data Manager API does.
import { HEX_64, isObject, unknownKeys } from './fake-platform-server.mjs'

const REQUEST_KEYS = ['destinations', 'events', 'encoding', 'consent', 'validateOnly', 'encryptionInfo', 'termsOfService']
const DESTINATION_KEYS = ['reference', 'operatingAccount', 'loginAccount', 'linkedAccount', 'productDestinationId']
const EVENT_KEYS = [
  'destinationReferences',
  'transactionId',
  'eventTimestamp',
  'lastUpdatedTimestamp',
  'userData',
  'consent',
  'adIdentifiers',
  'currency',
  'conversionValue',
  'eventSource',
  'eventDeviceInfo',
  'cartData',
  'customVariables',
  'experimentalFields',
  'userProperties',
  'eventName',
  'clientId',
  'userId',
  'additionalEventParameters',
]
const CLICK_KEYS = ['gclid', 'gbraid', 'wbraid']
const CONSENT = ['CONSENT_STATUS_UNSPECIFIED', 'CONSENT_GRANTED', 'CONSENT_DENIED']
const ACCOUNT_TYPES = ['GOOGLE_ADS', 'DISPLAY_VIDEO_PARTNER', 'DISPLAY_VIDEO_ADVERTISER', 'DATA_PARTNER', 'GOOGLE_ANALYTICS_PROPERTY']
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

export const rpcError = (code, status, message, details = []) => ({ error: { code, message, status, details } })
export const FAULT_STATUS = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 429: 'RESOURCE_EXHAUSTED', 503: 'UNAVAILABLE' }

/** The first thing the real API would refuse in an ingest request, as [field, description]; undefined when none. */
export function ingestRefusal(body, accounts, actions) {
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
    if (typeof d.productDestinationId !== 'string' || !d.productDestinationId)
      return [`destinations[${i}].productDestinationId`, 'Required']
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
    if (typeof e.eventTimestamp !== 'string' || !RFC3339.test(e.eventTimestamp))
      return [`${at}.eventTimestamp`, 'Invalid RFC 3339 timestamp']
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
        if (kinds[0] !== 'address' && !hashed)
          return [`${at}.userData.userIdentifiers[${j}].${kinds[0]}`, `Not a SHA-256 hash in ${body.encoding}`]
      }
    }
    for (const key of ['adUserData', 'adPersonalization']) {
      if (e.consent?.[key] !== undefined && !CONSENT.includes(e.consent[key])) return [`${at}.consent.${key}`, 'Invalid value']
    }
    if (e.currency !== undefined && !/^[A-Z]{3}$/.test(e.currency)) return [`${at}.currency`, 'Invalid currency code']
    if (e.conversionValue !== undefined && (typeof e.conversionValue !== 'number' || e.conversionValue < 0))
      return [`${at}.conversionValue`, 'Invalid value']
  }
  for (const d of body.destinations) {
    if (!accounts.includes(d.operatingAccount.accountId))
      return { permission: `The caller does not have permission on account ${d.operatingAccount.accountId}` }
    if (!actions.includes(d.productDestinationId)) return { destination: d.productDestinationId }
  }
  return undefined
}
