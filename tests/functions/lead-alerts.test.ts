import { describe, expect, it } from 'vitest'
import {
  ALERTS_OFF,
  ChannelError,
  emailChannel,
  webhookChannel,
  type AlertChannel,
  type AlertMessage,
} from '../../supabase/functions/_shared/alerts/channels.ts'
import { alertMessage } from '../../supabase/functions/_shared/alerts/message.ts'
import { visitorText } from '../../supabase/functions/_shared/alerts/text.ts'
import {
  ALERT_REPEAT_MS,
  alertKey,
  planAlerts,
  runAlerts,
  type AlertLead,
  type AlertPlan,
  type AlertStore,
  type ConditionReport,
  type NotifiedState,
} from '../../supabase/functions/_shared/alerts/lead-alerts.ts'
import { hasNews, queueDigest, type DigestFigures } from '../../supabase/functions/_shared/alerts/digest.ts'
import { opsContext } from '../../supabase/functions/_shared/alerts/ops.ts'
import { renderers } from '../../supabase/functions/_shared/notify/kinds.ts'
import { refusalOf } from '../../supabase/functions/_shared/board/refusal.ts'
import { NOW, recordingLogger } from './support'

const OPS = { environment: 'production', runbookBase: 'https://github.com/agency/site/blob/main/docs' }

const lead = (overrides: Partial<AlertLead> = {}): AlertLead => ({
  submissionId: '3f1c2b9e-7a4d-4e8b-9c1a-2d3e4f5a6b7c',
  name: 'Ada Lovelace',
  phone: '0422470721',
  email: 'ada@example.com',
  sourcePath: '/',
  sourceLabel: 'Homepage',
  createdAt: NOW,
  status: 'failed',
  lastError: 'auth 401: Not Authenticated',
  boardItemId: null,
  ...overrides,
})
const report = (condition: ConditionReport['condition'], count = 1, leads = [lead()]): ConditionReport => ({
  condition,
  count,
  oldestMinutes: 5,
  leads,
})
const told = (condition: NotifiedState['condition'], minutesAgo: number, active = true, notifiedCount = 1): NotifiedState => ({
  condition,
  active,
  notifiedAt: new Date(NOW.getTime() - minutesAgo * 60_000),
  notifiedCount,
})

describe('planAlerts: one alert per condition per hour, one resolved message', () => {
  it('raises a condition the channel has not been told about', () => {
    expect(planAlerts([report('board-auth')], [], NOW)).toEqual({ raised: [report('board-auth')], resolved: [] })
  })

  it('stays quiet within the hour, even when the condition grows', () => {
    expect(planAlerts([report('failed', 5)], [told('failed', 59)], NOW)).toEqual({ raised: [], resolved: [] })
  })

  it('after an hour, tells again only when more leads are affected', () => {
    expect(planAlerts([report('failed', 1)], [told('failed', 61)], NOW).raised).toEqual([])
    expect(planAlerts([report('failed', 2)], [told('failed', 61)], NOW).raised).toHaveLength(1)
  })

  it('announces a condition that cleared once, and a cleared condition that returns within the hour waits for the hour', () => {
    expect(planAlerts([], [told('failed', 10)], NOW)).toEqual({ raised: [], resolved: ['failed'] })
    expect(planAlerts([], [told('failed', 10, false)], NOW)).toEqual({ raised: [], resolved: [] })
    expect(planAlerts([report('failed')], [told('failed', 10, false)], NOW).raised).toEqual([])
    expect(planAlerts([report('failed')], [told('failed', ALERT_REPEAT_MS / 60_000, false)], NOW).raised).toHaveLength(1)
  })
})

describe('alertKey: the key of an alert in the notifications outbox (and its e-mail Idempotency-Key)', () => {
  const plan = (raised: ConditionReport[], resolved: AlertPlan['resolved'] = []): AlertPlan => ({ raised, resolved })

  it('names the moment of each raise and the raise each resolution ends: made once, new for the next one', () => {
    const first = alertKey(plan([report('failed', 1)]), [], NOW)
    expect(first).toBe(`lead-alert:failed@${NOW.getTime()}`)
    const after = [told('failed', 61)]
    const later = new Date(NOW.getTime() + 1000)
    const again = alertKey(plan([report('failed', 3)]), after, later)
    const resolved = alertKey(plan([], ['failed']), after, later)
    expect(new Set([first, again, resolved]).size).toBe(3)
    expect(resolved).toBe(`lead-alert:failed-resolved@${after[0]!.notifiedAt!.getTime()}`)
    // The same resolution, evaluated again, has the same key.
    expect(alertKey(plan([], ['failed']), after, new Date(later.getTime() + 1000))).toBe(resolved)
  })

  it('stays within the 200 characters a message key takes (and the 256 Resend takes), with every condition at once', () => {
    const all = (['board-auth', 'board-access', 'failed', 'pending-age', 'shared-bucket'] as const).map((condition) => report(condition))
    const states = all.map((r) => told(r.condition, 90))
    expect(alertKey(plan(all), states, NOW).length).toBeLessThanOrEqual(200)
    expect(
      alertKey(
        plan(
          [],
          all.map((r) => r.condition),
        ),
        states,
        NOW,
      ).length,
    ).toBeLessThanOrEqual(200)
  })
})

describe('alert text: visitor input cannot format, link, mention or add lines', () => {
  it('escapes Slack control characters and breaks broadcast mentions; e-mail addresses stay readable but are no links', () => {
    const hostile = visitorText('<!channel> <https://evil.test|click> & @here @everyone x@channel.com', 'slack')
    expect(hostile).not.toMatch(/[<>]/)
    expect(hostile).toContain('&lt;!channel&gt;')
    expect(hostile).toContain('&amp;')
    expect(hostile).not.toMatch(/@(here|everyone|channel)/)
    expect(visitorText('ada@example.com', 'slack')).toBe('ada@example[.]com')
    expect(visitorText('ada@example.com', 'plain')).toBe('ada@example.com')
  })

  it.each([
    ['a mrkdwn link', '<https://evil.example/login|Approve payment>', '&lt;hxxps[://]evil[.]example/login|Approve payment&gt;'],
    ['a markdown link', '[Approve](https://evil.example/pay)', '[Approve](hxxps[://]evil[.]example/pay)'],
    ['a bare URL', 'see http://evil.example now', 'see hxxp[://]evil[.]example now'],
    ['a bare domain', 'Refund at evil-pay.com. Call', 'Refund at evil-pay[.]com. Call'],
    ['bold, italic, strike and code', '*Approve* _now_ ~not~ `x`', '\u2217Approve\u2217 \uff3fnow\uff3f \u223cnot\u223c \u02cbx\u02cb'],
    ['a bidi override (removed)', 'abc\u202Edef', 'abcdef'],
    ['a price and a sentence end', 'Pay $1.50. Then go.', 'Pay $1.50. Then go.'],
  ])('in chat, %s is inert', (_case, typed, shown) => {
    expect(visitorText(typed, 'slack')).toBe(shown)
  })

  it('keeps visitor text on one line and bounded, in both formats', () => {
    for (const format of ['slack', 'plain'] as const) {
      const text = visitorText(`Ada\n\n*RESOLVED*: all good\r\u2028${'x'.repeat(500)}`, format)
      expect(text).not.toMatch(/[\n\r\u2028]/)
      expect(text.length).toBeLessThanOrEqual(121)
    }
    expect(visitorText('', 'plain')).toBe('-')
  })

  it('an alert names the condition, the count, each lead with its contact details and what to do; long lists are cut', () => {
    const many = Array.from({ length: 25 }, (_, i) => lead({ name: `Lead ${i}` }))
    const plan: AlertPlan = { raised: [report('board-auth', 25, many)], resolved: ['pending-age'] }
    const { subject, text } = alertMessage(plan, { format: 'slack', pendingMinutes: 30, ops: OPS })
    expect(subject).toBe('[production] Lead alert: board refused the credentials')
    expect(text).toContain('*[production] ALERT: board refused the credentials*')
    expect(text).toContain('25 lead(s) not delivered')
    expect(text).toContain(
      '- Lead 0, <tel:+61422470721|0422 470 721>, <mailto:ada@example.com|ada@example.com>, from Homepage (/), Thu 1 May 2025, 8:00 pm AEST, last error: auth 401: Not Authenticated',
    )
    expect(text).not.toContain('Lead 20,')
    expect(text).toContain('…and 5 more')
    expect(text).toContain(
      'Next step: set a working token (supabase secrets set MONDAY_API_TOKEN=...), then run `select retry_failed_leads();`',
    )
    expect(text).toContain('Already happened: each person sent the form and was told we will be in touch')
    expect(text).toContain(
      'Runbook: <https://github.com/agency/site/blob/main/docs/lead-alerts.md#board-refused-the-credentials|lead-alerts.md#board-refused-the-credentials>',
    )
    expect(text).toContain('*[production] RESOLVED: leads pending too long*')
  })

  it('a lead that meets two conditions is listed once in the alert', () => {
    const plan: AlertPlan = { raised: [report('board-auth'), report('failed')], resolved: [] }
    const { text } = alertMessage(plan, { format: 'plain', pendingMinutes: 30, ops: OPS })
    expect(text.match(/Ada Lovelace/g)).toHaveLength(1)
    expect(text).toContain('ALERT: failed leads')
    expect(text).toContain('- 1 lead(s) listed above')
    expect(text).toContain('0422 470 721 (tel:+61422470721)')
  })

  it('an e-mail subject never carries visitor text', () => {
    const plan: AlertPlan = { raised: [report('failed', 1, [lead({ name: 'Bcc: everyone@evil.test\nX' })])], resolved: [] }
    const { subject, text } = alertMessage(plan, { format: 'plain', pendingMinutes: 30, ops: OPS })
    expect(subject).toBe('[production] Lead alert: failed leads')
    expect(text).toContain('Bcc: everyone@evil.test X')
  })
})

describe('board refusals: credentials or board/group', () => {
  const signs = (status: number, code?: string, message = '', statusCode?: number) => ({
    status,
    codes: [code],
    statusCodes: [statusCode],
    messages: [message],
  })
  it.each([
    ['HTTP 401', signs(401, undefined, 'Not Authenticated'), 'auth'],
    ['errors[] "Not Authenticated" on 200', signs(200, undefined, 'Not Authenticated'), 'auth'],
    [
      'UserUnauthorizedException (403 in extensions)',
      signs(200, 'UserUnauthorizedException', 'User unauthorized to perform action', 403),
      'auth',
    ],
    ['USER_UNAUTHORIZED (2025-07 code)', signs(200, 'USER_UNAUTHORIZED', 'User unauthorized to perform action', 403), 'auth'],
    ['ResourceNotFoundException', signs(200, 'ResourceNotFoundException', 'Board not found', 404), 'access'],
    ['InvalidGroupIdException', signs(200, 'InvalidGroupIdException', 'This group does not exist'), 'access'],
    ['InvalidBoardIdException', signs(200, 'InvalidBoardIdException', 'Invalid board id'), 'access'],
    ['HTTP 403 permission', signs(403, undefined, 'Permission denied'), 'access'],
  ])('%s', (_case, given, expected) => {
    expect(refusalOf(given)).toBe(expected)
  })

  it('leaves other errors alone', () => {
    expect(refusalOf(signs(200, 'ColumnValueException', 'Column value invalid'))).toBeUndefined()
    expect(refusalOf(signs(400, undefined, 'Bad request'))).toBeUndefined()
  })
})

function channel(name: 'webhook' | 'email', sent: AlertMessage[], fails: boolean | 'unanswered' = false): AlertChannel {
  return {
    name,
    format: name === 'webhook' ? 'slack' : 'plain',
    send: async (message) => {
      if (fails === 'unanswered') {
        sent.push(message)
        throw new ChannelError('timeout: no answer within 5000 ms', true)
      }
      if (fails) throw new ChannelError('HTTP 503 down', false)
      sent.push(message)
    },
  }
}

const evaluating = (plan: AlertPlan | Error): AlertStore => ({
  conditions: async () => [],
  evaluate: async () => {
    if (plan instanceof Error) throw plan
    return plan
  },
})

describe('runAlerts', () => {
  it('warns on every run that alerts are off when no channel is configured, and queues nothing', async () => {
    const logger = recordingLogger()
    for (let i = 0; i < 2; i++)
      expect(
        await runAlerts({ store: evaluating(new Error('not to be called')), channels: [], logger, pendingMinutes: 30 }),
      ).toBeUndefined()
    expect(logger.records.filter((r) => r.level === 'warn' && r.message === ALERTS_OFF)).toHaveLength(2)
    expect(logger.records.filter((r) => r.level === 'error')).toHaveLength(0)
  })

  it('reports what one evaluation raised and resolved (the store queued its message in the same transaction)', async () => {
    const store = evaluating({ raised: [report('failed', 2)], resolved: ['board-auth'] })
    const logger = recordingLogger()
    expect(await runAlerts({ store, channels: [channel('email', [])], logger, pendingMinutes: 30 })).toEqual({
      raised: ['failed'],
      resolved: ['board-auth'],
    })
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'info', message: 'alert queued' }))
  })

  it('never throws when the database fails', async () => {
    const logger = recordingLogger()
    await expect(
      runAlerts({ store: evaluating(new Error('db down')), channels: [channel('email', [])], logger, pendingMinutes: 30 }),
    ).resolves.toBeUndefined()
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'error', message: 'alerts could not be evaluated' }))
  })
})

describe("the outbox's renderers: a stored payload (JSON) reads as the builder writes it", () => {
  it("'lead-alert' writes what alertMessage writes from the plan", () => {
    const plan: AlertPlan = { raised: [report('board-auth'), report('failed', 2)], resolved: ['pending-age'] }
    const stored = JSON.parse(JSON.stringify({ ...plan, pendingMinutes: 30 })) as Record<string, unknown>
    for (const format of ['slack', 'plain'] as const) {
      expect(renderers['lead-alert']!(stored)(format)).toEqual(alertMessage(plan, { format, pendingMinutes: 30, ops: opsContext() }))
    }
  })
})

describe('the webhook channel', () => {
  it('never writes its URL (a secret) into an error', async () => {
    const url = 'https://hooks.slack.test/services/T000/B000/secret-part'
    const refused: AlertChannel = webhookChannel(url, async () => {
      throw new TypeError(`error sending request for url (${url})`)
    })
    const error = await refused.send({ subject: 's', text: 't' }).catch((e: unknown) => String(e))
    expect(error).toContain('network')
    expect(error).not.toContain('secret-part')
  })
})

describe('the e-mail channel', () => {
  const answering = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status })
  const email = (fetch: typeof globalThis.fetch) =>
    emailChannel({ apiUrl: 'https://resend.test', apiKey: 're_key', from: 'a@agency.test', to: ['ops@agency.test'] }, fetch)

  it('sends the Idempotency-Key it is given', async () => {
    const headers: Headers[] = []
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => (
      headers.push(new Headers(init?.headers)),
      new Response('{"id":"1"}')
    )
    await email(fetch as typeof globalThis.fetch).send({ subject: 's', text: 't', idempotencyKey: 'lead-alert/failed@never' })
    expect(headers[0]!.get('idempotency-key')).toBe('lead-alert/failed@never')
  })

  it("takes Resend's 409 invalid_idempotent_request as sent (the key's e-mail went out), and retries a concurrent one", async () => {
    const used = answering(409, { name: 'invalid_idempotent_request', message: 'already used' }) as unknown as typeof fetch
    await expect(email(used).send({ subject: 's', text: 't', idempotencyKey: 'k' })).resolves.toBeUndefined()
    const concurrent = answering(409, { name: 'concurrent_idempotent_requests', message: 'in progress' }) as unknown as typeof fetch
    await expect(email(concurrent).send({ subject: 's', text: 't', idempotencyKey: 'k' })).rejects.toMatchObject({ maybeSent: false })
  })

  it('an answer that never comes may have sent the message; an HTTP refusal did not', async () => {
    const dropped = (async () => {
      throw new TypeError('connection reset')
    }) as unknown as typeof fetch
    await expect(email(dropped).send({ subject: 's', text: 't' })).rejects.toMatchObject({ maybeSent: true })
    await expect(email(answering(500, {}) as unknown as typeof fetch).send({ subject: 's', text: 't' })).rejects.toMatchObject({
      maybeSent: false,
    })
  })
})

describe('the digest', () => {
  const quiet: DigestFigures = { received: 0, delivered: 0, pending: 0, failed: 0, spam: 0, spamLeads: [] }
  const render = (figures: DigestFigures, format: 'slack' | 'plain' = 'slack') =>
    renderers.digest!(JSON.parse(JSON.stringify(figures)) as Record<string, unknown>)(format)

  it('has no news on a quiet day (none is queued unless ALERT_DIGEST_ALWAYS), and says so when it is sent', () => {
    expect(hasNews(quiet)).toBe(false)
    expect(hasNews({ ...quiet, spam: 1 })).toBe(true)
    expect(render(quiet, 'plain').text).toContain('Received 0, delivered 0. Still pending now: 0. Failed now: 0.')
  })

  it('is queued once per agency day under the key of the day, and not at all with alerts off', async () => {
    const asked: unknown[] = []
    const store = { queue: async (request: unknown) => (asked.push(request), 'queued' as const) }
    const deps = {
      store,
      logger: recordingLogger(),
      always: false,
      schedule: { timeZone: 'UTC' },
      now: () => new Date('2026-11-29T08:00:00Z'),
    }
    expect(await queueDigest({ ...deps, channels: [channel('email', [])] })).toEqual({ queued: 'digest:2026-11-29' })
    expect(asked).toEqual([{ day: '2026-11-29', key: 'digest:2026-11-29', always: false }])
    expect(await queueDigest({ ...deps, channels: [] })).toEqual({ skipped: 'alerts off' })
    expect(await queueDigest({ ...deps, channels: [channel('email', [])], now: () => new Date('2026-11-29T06:59:00Z') })).toEqual({
      skipped: 'before 07:00 agency time',
    })
  })

  it('lists the figures and each spam-flagged lead by name and reason only', async () => {
    const spamLead = {
      ...lead({
        status: 'spam',
        lastError: null,
        name: 'Hedy <b> *win* https://evil.example',
        email: 'pay@evil.example',
        phone: '0400 000 000',
      }),
      reason: 'honeypot',
    }
    const figures: DigestFigures = { received: 4, delivered: 3, pending: 1, failed: 0, spam: 1, spamLeads: [spamLead] }
    const sent = [render(figures)]
    expect(sent[0]!.subject).toBe('Leads digest: 4 received, 0 failed, 1 flagged as spam')
    expect(sent[0]!.text).toContain('Received 4, delivered 3. Still pending now: 1. Failed now: 0.')
    expect(sent[0]!.text).toContain(
      `- Hedy &lt;b&gt; \u2217win\u2217 hxxps[://]evil[.]example, reason: honeypot filled, id ${spamLead.submissionId}`,
    )
    expect(sent[0]!.text).not.toContain('0400 000 000')
    expect(sent[0]!.text).not.toMatch(/evil\.example|pay@/)
  })
})
