import type {
  BillingCycle,
  ContactErrors,
  ContactTextField,
  ContactValues,
  LegalDocument,
  PlanId,
  RegistrationFailureKind,
  RegistrationInsert,
} from '@/schemas/enterprise'
import type { Failure } from '@/schemas/failure'
import type { AddressChangedEvent } from './address-autocomplete.machine'
import type { BotCheckDone, BotCheckEvent } from './bot-check.machine'

/** Step 1 as the wizard holds it; the address text is its address search's. */
export type WizardValues = Omit<ContactValues, 'full_address'>

export interface EnterpriseWizardContext {
  /** Sent with every try of this registration: a retry the database already has counts as saved. */
  submissionId: string
  values: WizardValues
  errors: ContactErrors
  plan: PlanId | null
  billingCycle: BillingCycle
  /** The plan whose details modal is open. */
  detailsPlan: PlanId | null
  /** The last registration that could not be saved, by kind. */
  failure: Failure<RegistrationFailureKind> | null
  /** The bot check's token for the registration being sent. */
  turnstileToken?: string
  /**
   * The function's word on the saved registration: true, it was taken as from a person (its e-mails
   * go out); false, kept as unverified (nothing is e-mailed); null, not said (an earlier try holds it).
   */
  verified: boolean | null
}

export type EnterpriseWizardEvent =
  | { type: 'field.changed'; field: Exclude<ContactTextField, 'full_address'>; value: string }
  /** Step 1 as the visitor filled it before the script ran, read from the page at hydration (the address goes to its search). */
  | { type: 'form.adopted'; values: Partial<Record<ContactTextField, string>>; agreements: Partial<Record<LegalDocument, boolean>> }
  | { type: 'agreement.changed'; document: LegalDocument; accepted: boolean }
  | AddressChangedEvent
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.confirm' }
  | { type: 'plan.selected'; plan: PlanId }
  | { type: 'billing.changed'; cycle: BillingCycle }
  | { type: 'details.open'; plan: PlanId }
  | { type: 'details.close' }
  | BotCheckEvent
  | BotCheckDone

/** The row, and the bot check's token when the widget gave one (without it the registration is kept as unverified). */
export type SaveRegistrationInput = RegistrationInsert & { turnstileToken?: string }
export type SaveRegistrationOutput = { verified: boolean }

/** Heard by the page (`actor.on`): a refused Next Step moves focus to the list of errors. */
export type EnterpriseWizardEmitted = { type: 'contact.refused' }
