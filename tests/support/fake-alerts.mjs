// Stand-ins for the alert channels on 127.0.0.1: a Slack-compatible incoming webhook (`POST /hook`,
// JSON `{ text }`) and Resend's e-mail API (`POST /emails`, Bearer key). They keep what they
// received and can be broken on demand, for the function tests and the benches, down to taking a
// message and then never answering (`unanswered`, at a rate), which they record in `lostAnswers`.
import { createServer } from 'node:http'

export const RESEND_KEY = 're_test_key'

export async function startFakeAlerts() {
  const webhook = []
  const emails = []
  const broken = { webhook: false, email: false }
  const sentByKey = new Map()
  const emailRequests = []
  let loseAnswerTo = null
  let webhookDelayMs = 0
  let emailDelayMs = 0
  let random = null
  // Taken, then unanswered: { share, random, channels } while on.
  let dropping = null
  const lostAnswers = []

  async function answer(req, res) {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = raw ? JSON.parse(raw) : {}
    const reply = (status, payload) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload))
    const channel = req.url === '/hook' ? 'webhook' : 'email'
    // 'sent-hang' takes the message, then never answers, 'sent-lost' drops the connection instead;
    // 'hang' never answers and takes nothing.
    let fault = req.method === 'POST' && random ? random(channel) : undefined
    if (!fault && req.method === 'POST' && dropping?.channels.includes(channel) && dropping.random() < dropping.share)
      fault = dropping.random() < 0.5 ? 'sent-hang' : 'sent-lost'
    if (fault === 'http-500') return reply(500, { message: 'Internal server error' })
    if (fault === 'rate-limited')
      return res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"message":"Too many requests"}')
    if (fault === 'hang') return undefined
    const lose = (message) => {
      lostAnswers.push({ channel, how: fault === 'sent-hang' ? 'hang' : 'lost', ...message })
      if (fault === 'sent-lost') req.socket.destroy()
    }
    const taken = fault === 'sent-hang' || fault === 'sent-lost'
    if (req.method === 'POST' && req.url === '/hook') {
      if (broken.webhook) return reply(503, { error: 'webhook down' })
      if (typeof body.text !== 'string') return reply(400, { error: 'text required' })
      if (webhookDelayMs) await new Promise((resolve) => setTimeout(resolve, webhookDelayMs))
      webhook.push(body)
      return taken ? lose({ text: body.text }) : reply(200, { ok: true })
    }
    if (req.method === 'POST' && req.url === '/emails') {
      if (req.headers.authorization !== `Bearer ${RESEND_KEY}`) return reply(401, { message: 'API key is invalid' })
      if (broken.email) return reply(500, { message: 'e-mail down' })
      const { from, to, subject, text } = body
      if (!from || !Array.isArray(to) || !subject || !text) return reply(422, { message: 'from, to, subject and text are required' })
      if (emailDelayMs) await new Promise((resolve) => setTimeout(resolve, emailDelayMs))
      // As Resend: a repeated Idempotency-Key sends nothing again and answers the first e-mail's id,
      // or 409 invalid_idempotent_request when the payload differs from the first one's.
      const key = req.headers['idempotency-key']
      emailRequests.push({ to, idempotencyKey: key })
      const lost = { to, subject, text, idempotencyKey: key }
      const first = key && sentByKey.get(key)
      if (first && first.payload !== raw)
        return reply(409, {
          name: 'invalid_idempotent_request',
          message: 'This idempotency key has already been used on a request that had a different payload.',
        })
      if (first) return taken ? lose(lost) : reply(200, { id: first.id })
      emails.push({ ...body, ...(key ? { idempotencyKey: key } : {}) })
      const id = `email-${emails.length}`
      if (key) sentByKey.set(key, { id, payload: raw })
      if (loseAnswerTo && to.includes(loseAnswerTo)) {
        loseAnswerTo = null
        return req.socket.destroy()
      }
      return taken ? lose(lost) : reply(200, { id })
    }
    return reply(404, { error: 'not found' })
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy())
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  const base = `http://127.0.0.1:${port}`

  return {
    webhookUrl: `${base}/hook`,
    resendUrl: base,
    webhook,
    emails,
    /**
     * Each call to a channel misbehaves with `pick(channel)`'s fault ('http-500', 'rate-limited',
     * 'hang', 'sent-hang', 'sent-lost'), or goes through when it returns undefined; `null` turns it off.
     */
    failRandomly: (pick) => void (random = pick),
    /**
     * Takes `share` of the messages to `channels` (default both), sends them, then never answers
     * (half, drawn with `random`) or drops the connection; `null` turns it off.
     */
    unanswered: (options) => void (dropping = options && { random: Math.random, channels: ['webhook', 'email'], ...options }),
    /** Each message taken and then left unanswered: its channel, how, and what it said. */
    lostAnswers,
    /** `true` makes the channel answer 5xx until set back to `false`. */
    breakChannel: (channel, down = true) => void (broken[channel] = down),
    /** The webhook takes `ms` before it answers (0: at once), so a test can hold a sender mid-alert. */
    slowWebhook: (ms) => void (webhookDelayMs = ms),
    /** Resend takes `ms` before it sends and answers (0: at once). */
    slowEmail: (ms) => void (emailDelayMs = ms),
    /** Every e-mail call, sent or deduplicated: who to and its Idempotency-Key. */
    emailRequests,
    clear: () => void ((webhook.length = 0), (emails.length = 0), (emailRequests.length = 0), (lostAnswers.length = 0), sentByKey.clear()),
    /** The next e-mail to `address` is sent, then its answer is lost (the connection drops). */
    loseNextEmailAnswer: (address) => void (loseAnswerTo = address),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
