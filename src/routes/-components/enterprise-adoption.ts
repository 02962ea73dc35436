import { LEGAL_DOCUMENTS, type ContactTextField, type LegalDocument } from '@/schemas/enterprise'

const TEXT_FIELDS: Record<string, ContactTextField> = {
  name: 'name',
  phone: 'phone',
  email: 'email',
  company_name: 'company_name',
  seats: 'seats',
  // The address input is the shared combobox, named like the lead form's.
  business: 'full_address',
}

/** Step 1 as the visitor filled it before hydration: non-empty fields and ticked consents. */
export function readContactStep(form: HTMLFormElement) {
  const values: Partial<Record<ContactTextField, string>> = {}
  for (const [name, field] of Object.entries(TEXT_FIELDS)) {
    const element = form.elements.namedItem(name)
    const value = element && 'value' in element ? element.value : ''
    if (typeof value === 'string' && value !== '') values[field] = value
  }
  const agreements: Partial<Record<LegalDocument, boolean>> = {}
  for (const document of LEGAL_DOCUMENTS) {
    const element = form.elements.namedItem(`accept_${document}`)
    if (element instanceof HTMLInputElement && element.checked) agreements[document] = true
  }
  return { values, agreements }
}
