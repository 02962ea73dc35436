import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sendResponse } from '../../scripts/native-leads.mjs'
import { startStaticServer } from '../../scripts/static-server.mjs'
import { startFunction, type DenoFunction } from './deno-function.mjs'
import { startFakeBoard, type FakeBoard } from './fake-board.mjs'
import { startPgCluster, type PgCluster } from './pg-cluster.mjs'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The real stack a native form post meets, all on 127.0.0.1: a built site served as a static host
// would, forwarding `POST /functions/v1/leads` (the mock build's same-origin form action) to the
// `leads` function under Deno, which records in PostgreSQL and delivers to a fake board.
export type NativeStack = { origin: string; board: FakeBoard; pg: PgCluster; leads: DenoFunction; stop(): Promise<void> }

const FUNCTION_PATH = '/functions/v1/leads'
const MAX_PROXIED_BYTES = 64 * 1024

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_PROXIED_BYTES) break
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** Forwards the form post as the platform would (the client address in cf-connecting-ip, as Cloudflare sets it). */
function proxyTo(target: () => string | undefined) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = target()
    if (!url || req.method !== 'POST' || new URL(req.url ?? '/', 'http://localhost').pathname !== FUNCTION_PATH) return false
    const headers: Record<string, string> = { 'cf-connecting-ip': req.socket.remoteAddress ?? '127.0.0.1' }
    for (const name of ['origin', 'content-type', 'referer']) {
      const value = req.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const answer = await fetchWithin(url, {
      method: 'POST',
      headers,
      body: new Uint8Array(await readBody(req)),
      redirect: 'manual',
      within: 15_000,
    })
    await sendResponse(res, answer)
    return true
  }
}

export async function startNativeStack(dist: string): Promise<NativeStack> {
  let functionUrl: string | undefined
  const started: { stop(): Promise<unknown> }[] = []
  try {
    const site: Server = await startStaticServer(dist, 0, { before: proxyTo(() => functionUrl) })
    started.push({ stop: () => new Promise((done) => site.close(done)) })
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
    const pg = await startPgCluster()
    started.push(pg)
    const board = await startFakeBoard()
    started.push({ stop: () => board.close() })
    const leads = await startFunction('leads', {
      SUPABASE_DB_URL: pg.url,
      MONDAY_API_TOKEN: 'e2e-token',
      MONDAY_BOARD_ID: '123',
      MONDAY_API_URL: board.url,
      ALLOWED_ORIGINS: origin,
      RATE_LIMIT_SALT: 'e2e-salt',
      BOARD_TIMEOUT_MS: '2000',
    })
    started.push(leads)
    functionUrl = leads.url
    const stop = async () => {
      for (const part of started.reverse()) await part.stop()
    }
    return { origin, board, pg, leads, stop }
  } catch (error) {
    for (const part of started.reverse()) await part.stop().catch(() => undefined)
    throw error
  }
}
