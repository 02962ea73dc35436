import type {
  BillingCycle,
  ContactErrors,
  ContactTextField,
  ContactValues,
  LegalDocument,
  PlanId,
  RegistrationRow,
} from '@/schemas/enterprise'

export interface EnterpriseWizardInput {
  /** false when the places service is unavailable: the address is plain text entry. */
  placesEnabled: boolean
}

export interface EnterpriseWizardContext {
  placesEnabled: boolean
  values: ContactValues
  errors: ContactErrors
  /** Counts refused Next Step presses, so the page can move focus to the error list each time. */
  refusals: number
  plan: PlanId | null
  billingCycle: BillingCycle
  /** The plan whose details modal is open. */
  detailsPlan: PlanId | null
  submitFailed: boolean
}

export type EnterpriseWizardEvent =
  | { type: 'field.changed'; field: ContactTextField; value: string }
  /** Step 1 as the visitor filled it before the script ran, read from the page at hydration. */
  | { type: 'form.adopted'; values: Partial<Omit<ContactValues, 'legal_agreements'>>; agreements: Partial<Record<LegalDocument, boolean>> }
  | { type: 'agreement.changed'; document: LegalDocument; accepted: boolean }
  | { type: 'address.next' }
  | { type: 'address.previous' }
  | { type: 'address.choose'; index?: number }
  | { type: 'address.close' }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.confirm' }
  | { type: 'plan.selected'; plan: PlanId }
  | { type: 'billing.changed'; cycle: BillingCycle }
  | { type: 'details.open'; plan: PlanId }
  | { type: 'details.close' }

export type SaveRegistrationInput = RegistrationRow
