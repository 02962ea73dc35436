import { createServer, request, type Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RESEND_KEY, startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registrationInsert } from '../support/enterprise-row'
import { checkClientAddress } from '../../scripts/check-client-address.mjs'
import { loopbackPassesThrough, ORIGIN, pipelineEnv, submission } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 42 point 5: without cf-connecting-ip every visitor shares one bucket; 20 registrations
// locked out everyone else and nothing told the agency. Now any use of the shared bucket raises one
// ops alert an hour and shows in leads-health; docs/deploy.md's check proves the header arrives.
// The functions under Deno on a real PostgreSQL, the fake board and alert channels.
const SECRET = 'shared-bucket-test-secret'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let register: DenoFunction
let leads: DenoFunction
let redeliver: DenoFunction
let health: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  const env = {
    ...pipelineEnv(pg.url, board.url),
    CRON_SECRET: SECRET,
    RATE_LIMIT_SALT: 'test-salt',
    LEADS_RATE_LIMIT: '2/3600',
    RATE_LIMIT_SHARED_FACTOR: '2',
    OPS_WEBHOOK_URL: channels.webhookUrl,
    RESEND_API_URL: channels.resendUrl,
    RESEND_API_KEY: RESEND_KEY,
    OPS_EMAIL_TO: 'oncall@agency.test',
    ALERT_EMAIL_FROM: 'alerts@agency.test',
    APP_ENV: 'production',
  }
  ;[register, leads, redeliver, health] = await Promise.all([
    startFunction('enterprise-register', env),
    startFunction('leads', env),
    startFunction('leads-redeliver', env),
    startFunction('leads-health', env),
  ])
}, 150_000)

afterAll(async () => {
  await Promise.all([register?.stop(), leads?.stop(), redeliver?.stop(), health?.stop()])
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, leads, lead_alert_state, request_limits`
  channels.clear()
})

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
  (
    await fetchWithin(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify(body),
      within: 10_000,
    })
  ).status
const registerWithout = () => post(register.url, registrationInsert())
const lead = () => submission({ submissionId: crypto.randomUUID(), guard: { honeypot: '', fillMs: 12_000 } })
const run = () => fetchWithin(redeliver.url, { method: 'POST', headers: { 'x-cron-secret': SECRET }, within: 15_000 })
const checkHealth = async () => {
  const res = await fetchWithin(health.url, { headers: { 'x-cron-secret': SECRET }, within: 10_000 })
  return { status: res.status, body: (await res.json()) as { conditions: string[]; reasons: string[] } }
}
const opsAlerts = () => channels.webhook.filter((message) => message.text.includes('cf-connecting-ip'))
const opsEmails = () => channels.emails.filter((email) => email.text.includes('cf-connecting-ip'))

describe('the shared bucket (deno, PostgreSQL, fake channels)', () => {
  it('20 registrations without the header lock out the next visitor without it; one ops alert says so, once within the hour, and leads-health reports it', async () => {
    const statuses = []
    for (let i = 0; i < 21; i++) statuses.push(await registerWithout())
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true)
    expect(statuses[20]).toBe(429)
    // A visitor with the header is not in the shared bucket.
    expect(await post(register.url, registrationInsert(), { 'cf-connecting-ip': '203.0.113.9' })).toBe(201)

    await run()
    await run()
    expect(opsAlerts()).toHaveLength(1)
    expect(opsEmails()).toHaveLength(1)
    const alert = opsAlerts()[0]!.text
    for (const words of [
      '[production] ALERT: client address header missing',
      'The platform is not setting cf-connecting-ip',
      'enterprise-registrations',
      'every other visitor without the header is refused (429)',
      'Next step: run the header check of docs/deploy.md',
      'Runbook: docs/client-address.md#client-address-header-missing',
    ])
      expect(alert).toContain(words)

    const { status, body } = await checkHealth()
    expect(status).toBe(503)
    expect(body.conditions).toContain('shared-bucket')
    expect(body.reasons).toContain('limits: requests arrive without cf-connecting-ip (the shared bucket is in use)')
  })

  it('leads without the header count in the functions’ shared bucket: one alert an hour while it goes on, then it is resolved once', async () => {
    expect(await post(leads.url, lead())).toBe(200)
    await run()
    expect(await post(leads.url, lead())).toBe(200)
    await run()
    expect(opsAlerts()).toHaveLength(1)
    expect(opsAlerts()[0]!.text).toContain('(leads)')

    // An hour on, still going on and more than before: the hourly reminder, once.
    await pg.sql`update lead_alert_state set notified_at = now() - interval '61 minutes' where condition = 'shared-bucket'`
    expect(await post(leads.url, lead())).toBe(200)
    await run()
    await run()
    expect(opsAlerts()).toHaveLength(2)

    // Nothing without the header for an hour: resolved, once, and leads-health is clear of it.
    await pg.sql`update request_limits set last_hit_at = now() - interval '61 minutes'`
    await run()
    await run()
    expect(channels.webhook.filter((message) => message.text.includes('RESOLVED: client address header missing'))).toHaveLength(1)
    expect((await checkHealth()).body.conditions).not.toContain('shared-bucket')
  })

  it('requests with a usable header never raise it', async () => {
    for (let i = 0; i < 3; i++) expect(await post(leads.url, lead(), { 'cf-connecting-ip': `198.51.100.${i + 1}` })).toBe(200)
    expect(await post(register.url, registrationInsert(), { 'cf-connecting-ip': '2001:db8::1' })).toBe(201)
    await run()
    expect(opsAlerts()).toHaveLength(0)
    expect((await checkHealth()).body.conditions).not.toContain('shared-bucket')
  })
})

/** A stand-in for the platform in front: `set` the trusted header as Cloudflare does, or pass the caller's through. */
function proxyTo(target: string, mode: 'set' | 'pass'): Promise<{ url: string; server: Server }> {
  const to = new URL(target)
  const server = createServer((req, res) => {
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: to.host }
    if (mode === 'set') headers['cf-connecting-ip'] = '203.0.113.9'
    const upstream = request({ host: to.hostname, port: to.port, path: to.pathname, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    req.pipe(upstream)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number }
      resolve({ url: `http://127.0.0.1:${address.port}/functions/v1`, server })
    }),
  )
}

describe("docs/deploy.md's header check (scripts/check-client-address.mjs) against leads-health", () => {
  it('passes behind a platform that sets cf-connecting-ip, and the answers never show the address', async () => {
    const proxy = await proxyTo(health.url, 'set')
    try {
      const seen: string[] = []
      const recording: typeof fetch = async (input, init) => {
        const res = await fetch(input, init)
        seen.push(await res.clone().text())
        return res
      }
      const result = await checkClientAddress({ functionsUrl: proxy.url, secret: SECRET, fetch: recording })
      expect(result).toEqual({
        ok: true,
        lines: [
          'ok: cf-connecting-ip arrives at the functions',
          'ok: it holds one address',
          'ok: a value the caller writes in cf-connecting-ip is replaced by the platform',
        ],
      })
      expect(seen.join('\n')).not.toContain('203.0.113')
    } finally {
      proxy.server.close()
    }
  })

  it('fails where the header does not arrive, and where the caller’s own value passes through', async () => {
    const direct = await checkClientAddress({ functionsUrl: health.url.replace(/\/$/, ''), secret: SECRET })
    expect(direct.ok).toBe(false)
    expect(direct.lines[0]).toBe('FAIL: cf-connecting-ip does not arrive: every visitor shares one bucket (docs/client-address.md)')
    const proxy = await proxyTo(health.url, 'pass')
    try {
      const passing = await checkClientAddress({ functionsUrl: proxy.url, secret: SECRET })
      expect(passing.ok).toBe(false)
      expect(passing.lines).toContain(
        'FAIL: a value the caller writes in cf-connecting-ip reaches the functions: anyone can choose their own limit',
      )
    } finally {
      proxy.server.close()
    }
  })
})
