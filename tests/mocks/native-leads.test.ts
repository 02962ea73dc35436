import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNativeLeadsStandIn, type ReceivedLead } from '@mocks/native-leads'
import { answerNativeLeads } from '../../scripts/native-leads.mjs'
import { loopbackPassesThrough } from '../functions/support'

// The offline stand-in the dev and preview servers answer the native lead post with (decision 008).
let server: Server
let origin: string
const standIn = createNativeLeadsStandIn()

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (!(await answerNativeLeads(standIn, req, res))) res.writeHead(404).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

const fields = {
  locations: '1',
  name: 'Jane Citizen',
  phone: '0422470721',
  email: 'jane@example.com',
  business: '1 Analytical St',
  source_path: '/vet',
  source_label: 'Veterinary Page',
}
const post = (body: Record<string, string>, headers: Record<string, string> = { origin }) =>
  fetch(`${origin}/functions/v1/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
    redirect: 'manual',
  })
const received = async () => (await (await fetch(`${origin}/__mock/native-leads`)).json()) as ReceivedLead[]

describe('the native lead post stand-in', () => {
  it('answers like the function: 303 to /thanks, and lists the lead it received', async () => {
    loopbackPassesThrough()
    const res = await post(fields)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${origin}/thanks`)
    expect((await received()).at(-1)).toMatchObject({
      status: 'pending',
      submission: { lead: { name: 'Jane Citizen' }, source: { label: 'Veterinary Page' } },
    })
  })

  it('sends invalid input back with the error flag, and refuses another origin', async () => {
    loopbackPassesThrough()
    const before = (await received()).length
    expect((await post({ ...fields, email: 'jane@' })).headers.get('location')).toBe(`${origin}/vet?lead=error&fields=email#lead-error`)
    expect((await post(fields, { origin: 'https://evil.test' })).status).toBe(403)
    expect((await post(fields, {})).status).toBe(403)
    expect(await received()).toHaveLength(before)
  })

  it('leaves JSON posts to the mocked services', async () => {
    loopbackPassesThrough()
    const res = await fetch(`${origin}/functions/v1/leads`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(415)
  })
})
