import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { ENTERPRISE_CONFIRM_FUNCTION } from '@mocks/endpoints'
import { recordedRequests } from '@mocks/recorder'
import { offlineConfirmToken } from '@mocks/confirm-links'
import { FailureError } from '@/schemas/failure'
import { createEmailConfirmationService } from '@/services/email-confirmation'

const service = createEmailConfirmationService({ functionsUrl: 'https://project.example.co/functions/v1' })

describe('email-confirmation service on the offline function', () => {
  it('posts the token; a signed link confirms once, then reads already confirmed', async () => {
    const token = await offlineConfirmToken(crypto.randomUUID())
    expect(await service.send({ token })).toBe('confirmed')
    expect(recordedRequests('enterprise-confirm').at(-1)?.body).toEqual({ token })
    expect(await service.send({ token })).toBe('already-confirmed')
  })

  it("takes the function's refusals as answers: expired (410), invalid (400), a new link sent (202)", async () => {
    const expired = await offlineConfirmToken(crypto.randomUUID(), new Date(Date.now() - 49 * 3_600_000))
    expect(await service.send({ token: expired })).toBe('expired')
    expect(await service.send({ token: 'invalid' })).toBe('invalid')
    expect(await service.send({ token: expired, resend: true })).toBe('new-link-sent')
  })

  // Issue 42.6: offline, a link the function did not sign confirmed; the stand-in now checks it as the function does.
  it.each([
    ['three parts, none of them ours', 'abc.123.def'],
    ['an id that is not a uuid', 'e2e-1.1764300000.' + 'A'.repeat(43)],
    ['a uuid and time with a made-up signature', `${crypto.randomUUID()}.1764300000.${'A'.repeat(43)}`],
    ['a word', 'used'],
  ])('refuses a link the function would refuse (%s) as invalid', async (_case, token) => {
    expect(await service.send({ token })).toBe('invalid')
  })

  it('refuses a signed link whose time was changed, and one signed with another secret', async () => {
    const id = crypto.randomUUID()
    const [, seconds, mac] = (await offlineConfirmToken(id)).split('.')
    expect(await service.send({ token: `${id}.${Number(seconds) + 1}.${mac}` })).toBe('invalid')
    expect(await service.send({ token: `${crypto.randomUUID()}.${seconds}.${mac}` })).toBe('invalid')
  })

  it('a server failure or an answer it does not know is a failure, so the page offers to try again', async () => {
    server.use(http.post(ENTERPRISE_CONFIRM_FUNCTION, () => HttpResponse.json({ error: 'x' }, { status: 503 }), { once: true }))
    await expect(service.send({ token: 't' })).rejects.toBeInstanceOf(FailureError)
    server.use(http.post(ENTERPRISE_CONFIRM_FUNCTION, () => HttpResponse.json({ result: 'maybe' }), { once: true }))
    await expect(service.send({ token: 't' })).rejects.toBeInstanceOf(FailureError)
  })
})
