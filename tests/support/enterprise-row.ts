import type { RegistrationInsert, RegistrationRow } from '@/schemas/enterprise'

/** A registration as the wizard sends it: trimmed, lowercased email, normalised phone. */
export const validRegistration: RegistrationRow = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+61422470721',
  company_name: 'Acme & Co.',
  full_address: '78 Harbour Street, Sydney NSW, Australia',
  seats: '11-50',
  selected_plan: 'growth',
  billing_cycle: 'quarterly',
  legal_agreements: { terms: true, privacy: true, cookies: true, dpa: true },
}

/** The row as the wizard inserts it, with a submission id of its own unless one is given. */
export const registrationInsert = (submissionId: string = crypto.randomUUID()): RegistrationInsert => ({
  submission_id: submissionId,
  ...validRegistration,
})
