// A stand-in for Google's OAuth token endpoint and the Data Manager API (`events:ingest`,
// `requestStatus:retrieve`) on 127.0.0.1. Strict as the real services are: a refresh token traded
// for a short-lived Bearer token (on the fake's clock), every field name known, destinations of the
// operating account and its conversion actions, exactly one of gclid/gbraid/wbraid, at most 10
// user identifiers each of 64 hex when `encoding` is HEX, and one invalid event fails the whole
// request. Events are kept by conversion action and transactionId: a resend is a duplicate, not a
// second conversion, as Google de-duplicates them.
import { FAULT_STATUS, ingestRefusal, rpcError } from './fake-google-dm-checks.mjs'
import { parseJsonOr, startPlatformServer } from './fake-platform-server.mjs'

export const GOOGLE_CLIENT = {
  clientId: 'fake-client.apps.googleusercontent.com',
  clientSecret: 'fake-secret',
  refreshToken: '1//fake-refresh',
}
export const GOOGLE_ACCOUNT = '1234567890'
export const GOOGLE_ACTIONS = { lead: '7001', call: '7002', purchase: '7003' }

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

  const server = await startPlatformServer(
    (call) => {
      const { method, url, headers, text } = call
      if (method === 'POST' && url.pathname === '/token') {
        return {
          endpoint: 'token',
          run: () => {
            tokenExchanges += 1
            const form = new URLSearchParams(text)
            if (form.get('grant_type') !== 'refresh_token') return [400, { error: 'unsupported_grant_type' }]
            if (form.get('client_id') !== GOOGLE_CLIENT.clientId || form.get('client_secret') !== GOOGLE_CLIENT.clientSecret)
              return [401, { error: 'invalid_client' }]
            if (revoked || form.get('refresh_token') !== GOOGLE_CLIENT.refreshToken)
              return [400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }]
            const token = `ya29.fake-${nextId++}`
            tokens.set(token, now() + lifetimeS * 1000)
            return [
              200,
              { access_token: token, expires_in: lifetimeS, scope: 'https://www.googleapis.com/auth/datamanager', token_type: 'Bearer' },
            ]
          },
        }
      }
      if (method === 'POST' && url.pathname === '/v1/events:ingest') {
        return {
          endpoint: 'ingest',
          run: () => {
            if (!bearer(headers)) return unauthenticated()
            const body = parseJsonOr(text)
            const refused = ingestRefusal(body, [GOOGLE_ACCOUNT], actions)
            if (refused?.permission) return [403, rpcError(403, 'PERMISSION_DENIED', refused.permission)]
            if (refused?.destination) {
              return [
                400,
                rpcError(400, 'INVALID_ARGUMENT', `Unknown conversion action ${refused.destination}`, [
                  {
                    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                    reason: 'INVALID_PRODUCT_DESTINATION',
                    domain: 'datamanager.googleapis.com',
                  },
                ]),
              ]
            }
            if (refused) {
              const [field, description] = refused
              return [
                400,
                rpcError(400, 'INVALID_ARGUMENT', `Invalid value at '${field}': ${description}`, [
                  { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description }] },
                ]),
              ]
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
              statuses.set(
                requestId,
                body.destinations.map((destination) => ({
                  destination,
                  requestStatus: 'SUCCESS',
                  eventsIngestionStatus: { recordCount: String(body.events.length) },
                })),
              )
            }
            return [200, { requestId }]
          },
        }
      }
      if (method === 'GET' && url.pathname === '/v1/requestStatus:retrieve') {
        return {
          endpoint: 'status',
          run: () => {
            if (!bearer(headers)) return unauthenticated()
            const found = statuses.get(url.searchParams.get('requestId') ?? '')
            return found ? [200, { requestStatusPerDestination: found }] : [404, rpcError(404, 'NOT_FOUND', 'Request id not found.')]
          },
        }
      }
      return undefined
    },
    (status) => rpcError(status, FAULT_STATUS[status] ?? 'UNKNOWN', `Fault ${status}`),
  )

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
