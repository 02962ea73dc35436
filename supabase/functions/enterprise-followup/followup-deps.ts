import type { AlertChannel } from '../_shared/alerts/channels.ts'
import type { Board } from '../_shared/board/board.ts'
import type { Invoicing } from '../_shared/enterprise/invoicing.ts'
import type { Registration, RegistrationStore, StepColumns } from '../_shared/enterprise/registration.ts'
import type { WelcomeSettings } from '../_shared/enterprise/welcome-settings.ts'
import type { Fetch } from '../_shared/http/http.ts'
import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { keepClaim } from '../_shared/outbox/claim-lost.ts'
import type { Claimed } from '../_shared/outbox/outbox.ts'
import type { Logger } from '../_shared/runtime/logger.ts'

/** Resend, for the registrant's e-mails (the request to confirm, then the welcome). */
export type ConfirmationSettings = {
  apiUrl: string
  apiKey: string
  from: string
  replyTo: string | undefined
  supportPhone: string
  /** What the welcome e-mail says about the agency (`welcome-settings.ts`). */
  welcome: WelcomeSettings
}
/** CONFIRM_LINK_SECRET signs the link; SITE_URL is where its /confirm page is. */
export type ConfirmLinkSettings = { secret: string; siteUrl: string }

export type FollowupDeps = {
  store: RegistrationStore
  board: Board
  /** MONDAY_ENTERPRISE_GROUP_ID */
  groupId: string
  /** The sales channels, for the hourly 'Needs a look' summary; every other staff message is queued (`_shared/notify`). */
  channels: AlertChannel[]
  confirmation: ConfirmationSettings | undefined
  /** Without it no request to confirm can be sent, so nothing goes to the registrant automatically. */
  confirmLink: ConfirmLinkSettings | undefined
  /** Stripe, when STRIPE_SECRET_KEY is set; without it the sales alert asks for the invoice by hand. */
  invoicing: Invoicing | undefined
  fetch: Fetch
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
  /** The registrant's e-mail (Resend): RESEND_TIMEOUT_MS (`_shared/enterprise/config.ts`). */
  timeoutMs: number
}

export type Claim = Claimed<Registration>

/** Writes a step's columns under the registration's claim; a newer claim owning it stops the run here (`ClaimLost`). */
export async function record(registration: Claim, columns: StepColumns, deps: FollowupDeps): Promise<void> {
  keepClaim(await deps.store.record(registration, columns), registration, 'record')
}

/** Thrown for a setting only a person can fix: the item fails at once, and ops is told. */
export const CONFIG_REASON = 'config'
