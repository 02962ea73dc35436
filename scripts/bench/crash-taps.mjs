// A tap between one worker and one fake: it passes each call on and the fake's answer back, and
// after the fake has done what was asked, it can have the worker killed before the answer reaches it
// (`afterTaken(worker)` resolves once the worker is dead, or at once to let the answer through). That
// is the moment every outbox must survive: the effect made, the worker gone before it recorded it.
import { createServer } from 'node:http'
import { fetchWithin } from '../fetch-within.mjs'

const UPSTREAM_LIMIT_MS = 10_000

export async function startTap(target, worker, afterTaken, forwarded = () => undefined) {
  const origin = new URL(target).origin
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    // What this worker's run put on its way: a message still in flight when the worker dies is its run's.
    forwarded(worker, body)
    // The worker hung up: the call to the fake ends too (only while it runs: no abort after its answer).
    const aborted = new AbortController()
    const hungUp = () => aborted.abort()
    res.once('close', hungUp)
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)),
    )
    const answer = await fetchWithin(`${origin}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      signal: aborted.signal,
      within: UPSTREAM_LIMIT_MS,
    })
      .then(async (upstream) => ({ status: upstream.status, headers: upstream.headers, text: await upstream.text() }))
      // The call, or reading its answer, failed or timed out: the handler must not reject (nothing awaits it).
      .catch(() => undefined)
    res.off('close', hungUp)
    // The fake dropped it, or the worker gave up: the worker sees what the fake did to it.
    if (!answer || res.destroyed) return req.socket.destroy()
    await afterTaken(worker)
    if (res.destroyed) return undefined
    const kept = ['content-type', 'retry-after', 'request-id', 'idempotent-replayed', 'original-request']
    res.writeHead(
      answer.status,
      Object.fromEntries(kept.flatMap((name) => (answer.headers.has(name) ? [[name, answer.headers.get(name)]] : []))),
    )
    res.end(answer.text)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
