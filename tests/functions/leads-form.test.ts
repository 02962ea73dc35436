import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../supabase/functions/leads/handler.ts'
import { fakeBoard, leadsHandler, only, ORIGIN } from './support'

// The native form post (decision 008): urlencoded fields, a server-made id, the same pipeline, and
// redirects built only from an allowed origin and a known page path.
const typed = {
  locations: '2-10',
  name: 'Jane Citizen',
  phone: '0422470721',
  email: 'jane@example.com',
  business: '1 Analytical St, London',
  note: 'Call after 3',
  website: '',
  source_path: '/vet',
  source_label: 'Veterinary Page',
  platform: 'google',
  keyword: 'vet reviews',
}
type Fields = Partial<Record<keyof typeof typed | 'source_note', string>>

const formBody = (fields: Fields) =>
  new URLSearchParams(Object.entries(fields).filter(([, value]) => value !== undefined) as [string, string][]).toString()

function postForm(
  handler: (req: Request) => Promise<Response>,
  fields: Fields = typed,
  headers: Record<string, string> = { origin: ORIGIN },
) {
  return handler(
    new Request('https://project.test/functions/v1/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: formBody(fields),
    }),
  )
}

/** The way back names the refused fields, never what was typed in them. */
const errorBack = (path: string, fields: string[] = []) =>
  `${ORIGIN}${path}?lead=error${fields.length > 0 ? `&fields=${fields.join(',')}` : ''}#lead-error`
const nothingTypedIn = (location: string) => {
  for (const value of [typed.name, typed.phone, typed.email, typed.business, typed.note]) {
    expect(location).not.toContain(value)
    expect(location).not.toContain(encodeURIComponent(value))
  }
}

describe('leads function: native form post', () => {
  it('records the lead with a server-made id, delivers it once, and answers 303 to /thanks', async () => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler()
    const res = await postForm(handler, {
      ...typed,
      source_path: '/qrb',
      source_label: 'Accountants Page (QRB)',
      source_note: 'QRB partner',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/thanks`)
    const [row] = [...store.rows.values()]
    expect(store.rows.size).toBe(1)
    expect(row!.status).toBe('delivered')
    expect(row!.submission.submissionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(row!.submission).toMatchObject({
      lead: { locations: '2-10', name: 'Jane Citizen', phone: '0422470721', email: 'jane@example.com', note: 'Call after 3' },
      tracking: { platform: 'google', keyword: 'vet reviews' },
      source: { path: '/qrb', label: 'Accountants Page (QRB)', note: 'QRB partner' },
      guard: { honeypot: '', fillMs: 0 },
    })
    expect(only(calls, 'create_item')).toHaveLength(1)
  })

  it.each(['+61 422 470 721', '(04) 2247 0721'])(
    'takes the phone as typed or autofilled (%s) and the board gets it in E.164 with its own country',
    async (phone) => {
      const calls = fakeBoard()
      const { handler, store } = leadsHandler()
      const res = await postForm(handler, { ...typed, phone })
      expect(res.headers.get('location')).toBe(`${ORIGIN}/thanks`)
      const digits = phone.startsWith('+') ? '+61422470721' : '0422470721'
      expect([...store.rows.values()][0]!.submission.lead.phone).toBe(digits)
      const columns = JSON.parse(String(only(calls, 'create_item')[0]!.variables.columnValues)) as Record<string, unknown>
      expect(Object.values(columns)).toContainEqual({ phone: '+61422470721', countryShortName: 'AU' })
    },
  )

  it('gives every post its own id (two posts, two leads)', async () => {
    fakeBoard()
    const { handler, store } = leadsHandler()
    await postForm(handler)
    await postForm(handler)
    expect(new Set([...store.rows.values()].map((row) => row.submission.submissionId)).size).toBe(2)
  })

  it('accepts a charset parameter and fills optional fields with their defaults', async () => {
    fakeBoard()
    const { handler, store } = leadsHandler()
    const { note: _note, platform: _platform, keyword: _keyword, website: _website, ...required } = typed
    const res = await postForm(handler, required, { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' })
    expect(res.headers.get('location')).toBe(`${ORIGIN}/thanks`)
    expect([...store.rows.values()][0]!.submission).toMatchObject({ lead: { note: '' }, tracking: { platform: '', keyword: '' } })
  })

  it('a filled honeypot is stored as spam, answered like any lead, and never delivered', async () => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler()
    const res = await postForm(handler, { ...typed, website: 'https://spam.example' })
    expect(res.headers.get('location')).toBe(`${ORIGIN}/thanks`)
    expect([...store.rows.values()][0]).toMatchObject({ status: 'spam', spamReason: 'honeypot' })
    expect(calls).toHaveLength(0)
  })

  it.each([
    ['phone with letters', { phone: '04224x0721' }, ['phone']],
    ['phone with 5 digits', { phone: '0422 4' }, ['phone']],
    ['email invalid', { email: 'jane@' }, ['email']],
    ['email without a dot in its domain', { email: 'jane@clinic' }, ['email']],
    ['name missing', { name: undefined }, ['name']],
    ['name and email blank', { name: ' ', email: '' }, ['name', 'email']],
    ['locations not offered', { locations: '3' }, ['locations']],
    ['source label missing', { source_label: undefined }, []],
  ])(
    'invalid input (%s): 303 back to the page with the error flag and the fields it names, nothing recorded',
    async (_case, change, fields) => {
      const calls = fakeBoard()
      const { handler, store } = leadsHandler()
      const res = await postForm(handler, { ...typed, ...change })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe(errorBack('/vet', fields))
      nothingTypedIn(res.headers.get('location')!)
      expect(store.rows.size).toBe(0)
      expect(calls).toHaveLength(0)
    },
  )

  it.each([
    ['an unknown path', '/admin', '/'],
    ['a protocol-relative URL', '//evil.test/x', '/'],
    ['an absolute URL', 'https://evil.test/', '/'],
    ['a path with a query', '/vet?x=1', '/'],
    ['a trailing slash', '/vet/', '/'],
    ['an article', '/blog/how-to-get-more-google-reviews', '/blog/how-to-get-more-google-reviews'],
    ['a known page', '/konversable', '/konversable'],
  ])('sends the visitor back only to a known page: %s -> %s', async (_case, sourcePath, expected) => {
    const { handler } = leadsHandler()
    const res = await postForm(handler, { ...typed, phone: 'x', source_path: sourcePath })
    expect(res.headers.get('location')).toBe(errorBack(expected, ['phone']))
  })

  it.each([
    ['missing', undefined],
    ['foreign', 'https://evil.test'],
    ['a crafted suffix', `${ORIGIN}.evil.test`],
    ['with a path', `${ORIGIN}/thanks`],
    ['with userinfo', 'http://localhost:5173@evil.test'],
    ['null (a sandboxed or privacy-protected page)', 'null'],
  ])('an Origin %s -> 403, nothing recorded, no redirect', async (_case, origin) => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler()
    const res = await postForm(handler, typed, origin === undefined ? {} : { origin })
    expect(res.status).toBe(403)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(store.rows.size).toBe(0)
    expect(calls).toHaveLength(0)
  })

  it("'*' in ALLOWED_ORIGINS never admits a form post (the redirect is built from the origin)", async () => {
    const { handler } = leadsHandler({ allowedOrigins: ['*'] })
    expect((await postForm(handler, typed, { origin: 'https://evil.test' })).status).toBe(403)
  })

  it('an oversized body -> 413, nothing recorded', async () => {
    const { handler, store } = leadsHandler()
    const res = await postForm(handler, { ...typed, note: 'x'.repeat(MAX_BODY_BYTES) })
    expect(res.status).toBe(413)
    expect(store.rows.size).toBe(0)
  })

  it('rate limited: 303 back to the page with the error flag, nothing recorded', async () => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler({ limiter: async () => ({ allowed: false, retryAfterSeconds: 60 }) })
    const res = await postForm(handler)
    expect(res.headers.get('location')).toBe(errorBack('/vet'))
    expect(store.rows.size).toBe(0)
    expect(calls).toHaveLength(0)
  })

  it('the database down: 503, a page that says so and links back to the form', async () => {
    const { handler, store } = leadsHandler()
    store.state.down = true
    const res = await postForm(handler)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBeTruthy()
    const page = await res.text()
    expect(page).toContain('not saved')
    expect(page).toContain(`href="${ORIGIN}/vet"`)
    nothingTypedIn(page)
  })

  it('no database configured: 503 page', async () => {
    const { handler } = leadsHandler({ store: undefined })
    expect((await postForm(handler)).status).toBe(503)
  })

  it('JSON posts keep their answers (CORS, JSON errors)', async () => {
    const { handler } = leadsHandler()
    const res = await handler(
      new Request('https://project.test/functions/v1/leads', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: '{',
      }),
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  })
})
