import { confirmUrl, issuedSeconds, signConfirmToken } from '../_shared/enterprise/confirm-link.ts'
import { confirmRequestEmail } from '../_shared/enterprise/messages.ts'
import type { Registration } from '../_shared/enterprise/registration.ts'
import { welcomeEmail } from '../_shared/enterprise/welcome-email.ts'
import { excerpt, postJson } from '../_shared/http/upstream.ts'
import { StepFailed } from '../_shared/outbox/step-failure.ts'
import {
  CONFIG_REASON,
  record,
  type Claim,
  type ConfirmationSettings,
  type ConfirmLinkSettings,
  type FollowupDeps,
} from './followup-deps.ts'

// The registrant's two e-mails through Resend: the request to confirm the address, then the welcome.

type RegistrantEmail = { subject: string; text: string; html: string }

async function sendToRegistrant(
  registration: Registration,
  message: RegistrantEmail,
  { settings, idempotencyKey, what }: { settings: ConfirmationSettings; idempotencyKey: string; what: string },
  deps: FollowupDeps,
): Promise<void> {
  const answer = await postJson(deps.fetch, `${settings.apiUrl.replace(/\/+$/, '')}/emails`, {
    // Resend sends one e-mail per key (24 h), so a retry after a lost answer sends nothing twice.
    headers: { authorization: `Bearer ${settings.apiKey}`, 'idempotency-key': idempotencyKey },
    payload: {
      from: settings.from,
      to: [registration.email],
      ...(settings.replyTo ? { reply_to: settings.replyTo } : {}),
      subject: message.subject,
      text: message.text,
      html: message.html,
    },
    timeoutMs: deps.timeoutMs,
  })
  if (answer.kind !== 'answer') throw new StepFailed({ reason: answer.kind, detail: `${what}: ${answer.message}` })
  if (answer.status < 200 || answer.status > 299) {
    const detail = `${what}: HTTP ${answer.status} ${excerpt(answer.text)}`.trim()
    throw new StepFailed({ reason: answer.status === 429 ? 'rate-limited' : answer.status >= 500 ? 'http' : 'refused', detail })
  }
}

/**
 * The link's issue time is recorded before the e-mail, so a retry signs the same link; the key is the
 * request's own (its slot of the day), so a retry sends nothing twice and a new link is a new e-mail.
 */
export async function confirmRequestStep(
  registration: Claim,
  settings: ConfirmationSettings,
  link: ConfirmLinkSettings,
  deps: FollowupDeps,
): Promise<void> {
  const slotAt = registration.confirmSlotAt
  if (registration.confirmRequestSentAt || !slotAt) return
  let issuedAt = registration.confirmLinkIssuedAt
  if (!issuedAt) {
    issuedAt = new Date(issuedSeconds(deps.now()) * 1000)
    await record(registration, { confirm_link_issued_at: issuedAt }, deps)
  }
  const token = await signConfirmToken(link.secret, registration.id, issuedAt)
  await sendToRegistrant(
    registration,
    confirmRequestEmail(registration, confirmUrl(link.siteUrl, token), settings.supportPhone),
    { settings, idempotencyKey: `enterprise-confirm-request/${registration.id}/${slotAt.getTime()}`, what: 'confirmation request' },
    deps,
  )
  await record(registration, { confirm_request_sent_at: deps.now() }, deps)
}

/**
 * The welcome e-mail, before the invoice is finalized (it counts the due date from now, as Stripe
 * will): never with the stand-in phone in production, which fails the registration at once.
 */
export async function welcomeStep(registration: Claim, settings: ConfirmationSettings, deps: FollowupDeps): Promise<void> {
  const { phoneProblem } = settings.welcome
  if (phoneProblem) {
    deps.logger.error('enterprise welcome e-mail refused', { registrationId: registration.id, message: phoneProblem })
    throw new StepFailed({ reason: CONFIG_REASON, detail: phoneProblem })
  }
  await sendToRegistrant(
    registration,
    welcomeEmail(registration, settings.welcome, deps.now()),
    { settings, idempotencyKey: `enterprise-welcome/${registration.id}`, what: 'welcome e-mail' },
    deps,
  )
  await record(registration, { confirmation_sent_at: deps.now() }, deps)
}
