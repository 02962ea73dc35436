import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'

// Cloudflare's siteverify on 127.0.0.1, answering as Cloudflare documents it: a form-encoded POST of
// secret, response, remoteip and idempotency_key. The documented dummy secrets answer every token
// alike (1x…AA passes, 2x…AA fails, 3x…AA 'already spent'); the fake's own secret takes only tokens
// it issued, each once (a retry with the same idempotency key gets the same answer), for 300 s.
// Plain .mjs, so `npm run bench:crash` can use it as well as Vitest.

export const PASS_SECRET = '1x0000000000000000000000000000000AA'
export const FAIL_SECRET = '2x0000000000000000000000000000000AA'
export const SPENT_SECRET = '3x0000000000000000000000000000000AA'
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'
export const FAKE_SECRET = 'fake-siteverify-secret'
export const FAKE_HOSTNAME = 'site.test'

export async function startFakeSiteverify() {
  // Each token it issued: { hostname, action, challengeTs, spentBy }.
  const issued = new Map()
  const requests = []
  const fake = { mode: 'up' }

  const answer = (fields) => {
    const fail = (...codes) => ({ success: false, 'error-codes': codes, messages: [] })
    const pass = (hostname, action, challengeTs) => ({
      success: true,
      challenge_ts: challengeTs.toISOString(),
      hostname,
      'error-codes': [],
      action,
      cdata: '',
      metadata: { ephemeral_id: 'x:fake' },
    })
    if (!fields.secret) return fail('missing-input-secret')
    if (!fields.response) return fail('missing-input-response')
    if (fields.secret === PASS_SECRET) return pass('example.com', '', new Date())
    if (fields.secret === FAIL_SECRET) return fail('invalid-input-response')
    if (fields.secret === SPENT_SECRET) return fail('timeout-or-duplicate')
    if (fields.secret !== FAKE_SECRET) return fail('invalid-input-secret')
    const token = issued.get(fields.response)
    if (!token) return fail('invalid-input-response')
    if (Date.now() - token.challengeTs.getTime() > 300_000) return fail('timeout-or-duplicate')
    const key = fields.idempotency_key ?? randomUUID()
    if (token.spentBy !== undefined && token.spentBy !== key) return fail('timeout-or-duplicate')
    token.spentBy = key
    return pass(token.hostname, token.action, token.challengeTs)
  }

  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk.toString()))
    req.on('end', () => {
      const contentType = req.headers['content-type'] ?? ''
      const fields = Object.fromEntries(new URLSearchParams(body))
      requests.push({ contentType, fields })
      if (fake.mode === 'down') return res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error')
      if (req.method !== 'POST' || !contentType.startsWith('application/x-www-form-urlencoded'))
        return res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: false, 'error-codes': ['bad-request'] }))
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(fields)))
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))

  return Object.assign(fake, {
    url: `http://127.0.0.1:${server.address().port}/turnstile/v0/siteverify`,
    requests,
    issue({ action, hostname = FAKE_HOSTNAME, ageMs = 10_000 }) {
      const token = `fake.${randomUUID()}`
      issued.set(token, { hostname, action, challengeTs: new Date(Date.now() - ageMs) })
      return token
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  })
}
