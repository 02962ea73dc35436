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
import { sendDigest, type DigestFigures } from '../../supabase/functions/_shared/alerts/digest.ts'
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

  it('an alert that went unanswered (maybe told) is raised again while it holds, and its resolution is owed once it clears', () => {
    const unanswered: NotifiedState = { condition: 'board-auth', active: false, notifiedAt: null, notifiedCount: 0, maybeTold: true }
    expect(planAlerts([report('board-auth')], [unanswered], NOW).raised).toEqual([report('board-auth')])
    expect(planAlerts([], [unanswered], NOW)).toEqual({ raised: [], resolved: ['board-auth'] })
  })

  it('a message that went unanswered is planned again alone, so a condition that changed since waits for the next run', () => {
    const resolutionUnanswered: NotifiedState = { ...told('failed', 10), maybeTold: true }
    expect(planAlerts([], [resolutionUnanswered, told('board-auth', 10)], NOW)).toEqual({ raised: [], resolved: ['failed'] })
    expect(planAlerts([report('pending-age')], [resolutionUnanswered], NOW)).toEqual({ raised: [], resolved: ['failed'] })
    // Nothing left to say about it (the condition came back): the others go ahead.
    expect(planAlerts([report('failed'), report('pending-age')], [resolutionUnanswered], NOW).raised).toEqual([report('pending-age')])
  })
})

describe('alertKey: the e-mail Idempotency-Key of an alert', () => {
  const plan = (raised: ConditionReport[], resolved: AlertPlan['resolved'] = []): AlertPlan => ({ raised, resolved })

  it('is the same for a retry of the same announcement, whatever its figures, and new for the next one', () => {
    const first = alertKey(plan([report('failed', 1)]), [])
    expect(first).toBe('lead-alert/failed@never')
    expect(alertKey(plan([report('failed', 3)]), [])).toBe(first)
    const after = [told('failed', 61)]
    const again = alertKey(plan([report('failed', 3)]), after)
    const resolved = alertKey(plan([], ['failed']), after)
    expect(new Set([first, again, resolved]).size).toBe(3)
    expect(resolved).toMatch(/^lead-alert\/failed-resolved@\d{4}-/)
  })

  it('stays within the 256 characters Resend takes, with every condition at once', () => {
    const all = (['board-auth', 'board-access', 'failed', 'pending-age'] as const).map((condition) => report(condition))
    const key = alertKey(
      plan(all),
      all.map((r) => told(r.condition, 90, false)),
    )
    expect(key.length).toBeLessThanOrEqual(256)
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

function memoryAlertStore(holding: ConditionReport[]): AlertStore & { states: Map<string, NotifiedState[]> } {
  const states = new Map<string, NotifiedState[]>()
  return {
    states,
    conditions: async () => holding,
    exclusive: async (fn) =>
      fn({
        notified: async (name) => states.get(name) ?? [],
        saveNotified: async (name, plan) =>
          void states.set(name, [
            ...(states.get(name) ?? []).filter(
              (state) => !plan.resolved.includes(state.condition) && !plan.raised.some((r) => r.condition === state.condition),
            ),
            ...plan.raised.map((r) => ({ condition: r.condition, active: true, notifiedAt: NOW, notifiedCount: r.count })),
            ...plan.resolved.map((condition) => ({ condition, active: false, notifiedAt: NOW, notifiedCount: 0 })),
          ]),
        saveMaybeTold: async (name, conditions) =>
          void states.set(name, [
            ...(states.get(name) ?? []).filter((state) => !conditions.includes(state.condition)),
            ...conditions.map((condition) => ({
              ...(states.get(name)?.find((state) => state.condition === condition) ?? {
                condition,
                active: false,
                notifiedAt: null,
                notifiedCount: 0,
              }),
              maybeTold: true,
            })),
          ]),
      }),
  }
}

describe('runAlerts', () => {
  it('warns on every run that alerts are off when no channel is configured', async () => {
    const logger = recordingLogger()
    for (let i = 0; i < 2; i++)
      await runAlerts({ store: memoryAlertStore([]), channels: [], ops: OPS, logger, now: () => NOW, pendingMinutes: 30 })
    expect(logger.records.filter((r) => r.level === 'warn' && r.message === ALERTS_OFF)).toHaveLength(2)
  })

  it('a failing channel is logged and keeps its state (told next run); the other channel is told once', async () => {
    const store = memoryAlertStore([report('failed')])
    const logger = recordingLogger()
    const mail: AlertMessage[] = []
    const deps = { store, ops: OPS, logger, now: () => NOW, pendingMinutes: 30 }
    const first = await runAlerts({ ...deps, channels: [channel('webhook', [], true), channel('email', mail)] })
    expect(first).toEqual({ raised: ['failed'], resolved: [], failedChannels: ['webhook'] })
    expect(store.states.has('webhook')).toBe(false)
    expect(logger.records).toContainEqual(
      expect.objectContaining({ level: 'error', fields: { channel: 'webhook', error: 'Error: HTTP 503 down' } }),
    )

    const hook: AlertMessage[] = []
    await runAlerts({ ...deps, channels: [channel('webhook', hook), channel('email', mail)] })
    expect(hook).toHaveLength(1)
    expect(mail).toHaveLength(1)
  })

  it('an alert the chat took without answering: resent while the condition holds, and its resolution sent once it clears', async () => {
    const holding = [report('board-auth')]
    const store = memoryAlertStore(holding)
    const deps = { store, ops: OPS, logger: recordingLogger(), now: () => NOW, pendingMinutes: 30 }
    const hook: AlertMessage[] = []
    expect(await runAlerts({ ...deps, channels: [channel('webhook', hook, 'unanswered')] })).toMatchObject({ failedChannels: ['webhook'] })
    expect(store.states.get('webhook')).toEqual([expect.objectContaining({ condition: 'board-auth', active: false, maybeTold: true })])

    await runAlerts({ ...deps, channels: [channel('webhook', hook)] })
    expect(hook.map((message) => message.subject)).toEqual([
      '[production] Lead alert: board refused the credentials',
      '[production] Lead alert: board refused the credentials',
    ])

    holding.length = 0
    await runAlerts({ ...deps, channels: [channel('webhook', hook)] })
    expect(hook).toHaveLength(3)
    expect(hook[2]!.text).toContain('RESOLVED: board refused the credentials')
  })

  it('a resolution the e-mail took without answering goes again under its own key, not merged with one that cleared since', async () => {
    const holding = [report('board-auth'), report('failed')]
    const store = memoryAlertStore(holding)
    const deps = { store, ops: OPS, logger: recordingLogger(), now: () => NOW, pendingMinutes: 30 }
    const mail: AlertMessage[] = []
    await runAlerts({ ...deps, channels: [channel('email', mail)] })
    holding.splice(1)
    await runAlerts({ ...deps, channels: [channel('email', mail, 'unanswered')] })
    holding.length = 0
    await runAlerts({ ...deps, channels: [channel('email', mail)] })
    await runAlerts({ ...deps, channels: [channel('email', mail)] })
    expect(mail.map((message) => message.idempotencyKey)).toEqual([
      'lead-alert/board-auth@never+failed@never',
      `lead-alert/failed-resolved@${NOW.toISOString()}`,
      `lead-alert/failed-resolved@${NOW.toISOString()}`,
      `lead-alert/board-auth-resolved@${NOW.toISOString()}`,
    ])
  })

  it('an alert that went unanswered and then cleared still gets its resolution; one refused outright (an HTTP answer) does not', async () => {
    for (const [fails, resolutions] of [
      ['unanswered', 1],
      [true, 0],
    ] as const) {
      const holding = [report('failed')]
      const store = memoryAlertStore(holding)
      const deps = { store, ops: OPS, logger: recordingLogger(), now: () => NOW, pendingMinutes: 30 }
      const hook: AlertMessage[] = []
      await runAlerts({ ...deps, channels: [channel('webhook', hook, fails)] })
      holding.length = 0
      await runAlerts({ ...deps, channels: [channel('webhook', hook)] })
      expect(hook.filter((message) => message.text.includes('RESOLVED: failed leads'))).toHaveLength(resolutions)
    }
  })

  it('the e-mail of an alert carries its key, the same on the retry after a lost answer', async () => {
    const store = memoryAlertStore([report('failed')])
    const deps = { store, ops: OPS, logger: recordingLogger(), now: () => NOW, pendingMinutes: 30 }
    const mail: AlertMessage[] = []
    await runAlerts({ ...deps, channels: [channel('email', mail, 'unanswered')] })
    await runAlerts({ ...deps, channels: [channel('email', mail)] })
    expect(mail.map((message) => message.idempotencyKey)).toEqual(['lead-alert/failed@never', 'lead-alert/failed@never'])
  })

  it('never throws when the database fails', async () => {
    const logger = recordingLogger()
    const store: AlertStore = { conditions: () => Promise.reject(new Error('db down')), exclusive: async () => undefined }
    await expect(
      runAlerts({ store, channels: [channel('email', [])], ops: OPS, logger, now: () => NOW, pendingMinutes: 30 }),
    ).resolves.toBeDefined()
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'error', message: 'alerts could not be evaluated' }))
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

  it('is skipped on a day with nothing to report, unless ALERT_DIGEST_ALWAYS', async () => {
    const sent: AlertMessage[] = []
    const deps = { figures: async () => quiet, channels: [channel('email', sent)], logger: recordingLogger() }
    expect(await sendDigest({ ...deps, always: false })).toEqual({ sent: [], failed: [], skipped: 'nothing to report' })
    expect(sent).toHaveLength(0)
    expect(await sendDigest({ ...deps, always: true })).toEqual({ sent: ['email'], failed: [] })
    expect(sent[0]!.text).toContain('Received 0, delivered 0. Still pending now: 0. Failed now: 0.')
  })

  it('lists the figures and each spam-flagged lead by name and reason only', async () => {
    const sent: AlertMessage[] = []
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
    await sendDigest({ figures: async () => figures, channels: [channel('webhook', sent)], logger: recordingLogger(), always: false })
    expect(sent[0]!.subject).toBe('Leads digest: 4 received, 0 failed, 1 flagged as spam')
    expect(sent[0]!.text).toContain('Received 4, delivered 3. Still pending now: 1. Failed now: 0.')
    expect(sent[0]!.text).toContain(
      `- Hedy &lt;b&gt; \u2217win\u2217 hxxps[://]evil[.]example, reason: honeypot filled, id ${spamLead.submissionId}`,
    )
    expect(sent[0]!.text).not.toContain('0400 000 000')
    expect(sent[0]!.text).not.toMatch(/evil\.example|pay@/)
  })
})
