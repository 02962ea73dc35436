// Shared by the /confirm page, its service, the MSW handler and the `enterprise-confirm` edge
// function. It imports nothing but valibot, so Deno can load it as it is.
import * as v from 'valibot'

/** What the page posts: the link's token, and `resend` to ask for a new link in place of an expired one. */
export const ConfirmRequestSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  resend: v.optional(v.boolean()),
})
export type ConfirmRequest = v.InferOutput<typeof ConfirmRequestSchema>

/**
 * The function's answers: confirmed now, confirmed before (a used link), expired (a new link may
 * be asked for), not a link of ours, a new link on its way, no new link today (one a day per
 * address), and too many tries from this client.
 */
export const CONFIRM_RESULTS = [
  'confirmed',
  'already-confirmed',
  'expired',
  'invalid',
  'new-link-sent',
  'new-link-limited',
  'rate-limited',
] as const
export type ConfirmResult = (typeof CONFIRM_RESULTS)[number]
export const ConfirmAnswerSchema = v.object({ result: v.picklist(CONFIRM_RESULTS) })
