import { delay, http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { ConfirmRequestSchema, type ConfirmResult } from '@/schemas/email-confirmation'
import { ENTERPRISE_CONFIRM_FUNCTION } from '../endpoints'
import { isScenario } from '../scenario'
import { recordRequest } from '../recorder'
import { unsupportedType } from '../media-type'
import { checkOfflineConfirmToken } from '../confirm-links'

const STATUS: Record<ConfirmResult, number> = {
  confirmed: 200,
  'already-confirmed': 200,
  expired: 410,
  invalid: 400,
  'new-link-sent': 202,
  'new-link-limited': 429,
  'rate-limited': 429,
}

/** The registrations this tab's "database" has confirmed: a used link then reads 'already confirmed'. */
const confirmed = new Set<string>()

/**
 * The `enterprise-confirm` function offline. It checks the link as the function does (its shape, its
 * HMAC under the offline secret of mocks/confirm-links.ts, its 48 hours): anything else is invalid.
 * A good link confirms its registration once; scenarios on a good link: confirm-expired, confirm-used,
 * confirm-limited (no new link); confirm-down answers 503.
 */
export const enterpriseConfirmHandlers = [
  http.post(ENTERPRISE_CONFIRM_FUNCTION, async ({ request }) => {
    const refused = unsupportedType(request)
    if (refused) return refused
    const body: unknown = await request.json().catch(() => undefined)
    recordRequest('enterprise-confirm', body)
    await delay(isScenario('slow') ? 2_500 : 300)
    if (isScenario('confirm-down')) return HttpResponse.json({ error: 'Please try again in a minute' }, { status: 503 })
    const answer = (result: ConfirmResult) => HttpResponse.json({ result }, { status: STATUS[result] })
    const parsed = v.safeParse(ConfirmRequestSchema, body)
    if (!parsed.success) return answer('invalid')
    const { token, resend } = parsed.output
    const link = await checkOfflineConfirmToken(token)
    if (link.kind === 'invalid') return answer('invalid')
    if (confirmed.has(link.id) || isScenario('confirm-used')) return answer('already-confirmed')
    const expired = link.kind === 'expired' || isScenario('confirm-expired')
    if (resend) return answer(isScenario('confirm-limited') ? 'new-link-limited' : 'new-link-sent')
    if (expired) return answer('expired')
    confirmed.add(link.id)
    return answer('confirmed')
  }),
]
