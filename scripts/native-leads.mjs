// Node's side of the offline native-post stand-in (mocks/native-leads.ts): turns a Node request
// into a fetch Request for it, and its Response back, for the dev and preview servers (mock only).
import { Readable } from 'node:stream'

export const NATIVE_LEADS_PATH = '/functions/v1/leads'
export const NATIVE_LEADS_RECORD_PATH = '/__mock/native-leads'
export const AD_VISITS_PATH = '/functions/v1/ad-visits'
export const AD_VISITS_RECORD_PATH = '/__mock/ad-visits'

const ownOrigin = (req) => `http://${req.headers.host ?? '127.0.0.1'}`

function toRequest(req) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return new Request(new URL(req.url ?? '/', ownOrigin(req)), { method: req.method, headers, body: Readable.toWeb(req), duplex: 'half' })
}

export async function sendResponse(res, response) {
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
}

/**
 * Answers the stand-in's routes (the native lead post, the landing beacon, what each received) and returns true, or returns false for anything else.
 * `standIn` is what `createNativeLeadsStandIn()` returns.
 */
export async function answerNativeLeads(standIn, req, res) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  if (path === NATIVE_LEADS_RECORD_PATH && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(standIn.received))
    return true
  }
  if (path === AD_VISITS_RECORD_PATH && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(standIn.visits))
    return true
  }
  if (path === AD_VISITS_PATH) {
    await sendResponse(res, await standIn.adVisits(toRequest(req)))
    return true
  }
  if (path !== NATIVE_LEADS_PATH || req.method !== 'POST') return false
  await sendResponse(res, await standIn.handle(toRequest(req), ownOrigin(req)))
  return true
}
