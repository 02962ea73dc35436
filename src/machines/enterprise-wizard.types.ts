import type {
  BillingCycle,
  ContactErrors,
  ContactTextField,
  ContactValues,
  LegalDocument,
  PlanId,
  RegistrationFailureKind,
  RegistrationRow,
} from '@/schemas/enterprise'
import type { AddressChangedEvent } from './address-autocomplete.machine'

export interface EnterpriseWizardInput {
  /** false when the places service is unavailable: the address is plain text entry. */
  placesEnabled: boolean
}

/** Step 1 as the wizard holds it; the address text is its address search's. */
export type WizardValues = Omit<ContactValues, 'full_address'>

export interface EnterpriseWizardContext {
  placesEnabled: boolean
  values: WizardValues
  errors: ContactErrors
  /** Counts refused Next Step presses, so the page can move focus to the error list each time. */
  refusals: number
  plan: PlanId | null
  billingCycle: BillingCycle
  /** The plan whose details modal is open. */
  detailsPlan: PlanId | null
  /** Why the last Confirm did not save, until the next Confirm or Back. */
  submitFailure: RegistrationFailureKind | null
}

export type EnterpriseWizardEvent =
  | { type: 'field.changed'; field: Exclude<ContactTextField, 'full_address'>; value: string }
  /** Step 1 as the visitor filled it before the script ran, read from the page at hydration (the address goes to its search). */
  | { type: 'form.adopted'; values: Partial<Omit<WizardValues, 'legal_agreements'>>; agreements: Partial<Record<LegalDocument, boolean>> }
  | { type: 'agreement.changed'; document: LegalDocument; accepted: boolean }
  | AddressChangedEvent
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.confirm' }
  | { type: 'plan.selected'; plan: PlanId }
  | { type: 'billing.changed'; cycle: BillingCycle }
  | { type: 'details.open'; plan: PlanId }
  | { type: 'details.close' }

export type SaveRegistrationInput = RegistrationRow
