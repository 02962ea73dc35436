import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { ENTERPRISE_CONFIRM_FUNCTION } from '@mocks/endpoints'
import { recordedRequests } from '@mocks/recorder'
import { FailureError } from '@/schemas/failure'
import { createEmailConfirmationService } from '@/services/email-confirmation'

const service = createEmailConfirmationService({ functionsUrl: 'https://project.example.co/functions/v1' })

describe('email-confirmation service on the offline function', () => {
  it('posts the token; a token confirms once, then reads already confirmed', async () => {
    const token = `t-${crypto.randomUUID()}`
    expect(await service.send({ token })).toBe('confirmed')
    expect(recordedRequests('enterprise-confirm').at(-1)?.body).toEqual({ token })
    expect(await service.send({ token })).toBe('already-confirmed')
  })

  it("takes the function's refusals as answers: expired (410), invalid (400), a new link sent (202)", async () => {
    expect(await service.send({ token: 'expired' })).toBe('expired')
    expect(await service.send({ token: 'invalid' })).toBe('invalid')
    expect(await service.send({ token: 'expired', resend: true })).toBe('new-link-sent')
  })

  it('a server failure or an answer it does not know is a failure, so the page offers to try again', async () => {
    server.use(http.post(ENTERPRISE_CONFIRM_FUNCTION, () => HttpResponse.json({ error: 'x' }, { status: 503 }), { once: true }))
    await expect(service.send({ token: 't' })).rejects.toBeInstanceOf(FailureError)
    server.use(http.post(ENTERPRISE_CONFIRM_FUNCTION, () => HttpResponse.json({ result: 'maybe' }), { once: true }))
    await expect(service.send({ token: 't' })).rejects.toBeInstanceOf(FailureError)
  })
})
