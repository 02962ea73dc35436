import type { LeadSource, Tracking } from '@/schemas/lead'
import type { LeadValues } from '@/machines/lead-form.machine'

const LEAD_FIELDS = ['locations', 'name', 'phone', 'email', 'business', 'note'] as const

/** The hidden fields of the native post (the contract with the `leads` function). */
export function nativeLeadFields(source: LeadSource, tracking: Tracking): Record<string, string> {
  return {
    source_path: source.path,
    source_label: source.label,
    ...(source.note === undefined ? {} : { source_note: source.note }),
    platform: tracking.platform,
    keyword: tracking.keyword,
  }
}

/** The lead fields the page holds that are not empty: what the visitor typed before hydration. */
export function readTypedValues(form: HTMLFormElement): Partial<LeadValues> {
  const typed: Partial<LeadValues> = {}
  for (const name of LEAD_FIELDS) {
    const element = form.elements.namedItem(name)
    const value = element && 'value' in element ? element.value : ''
    if (typeof value === 'string' && value !== '') typed[name] = value
  }
  return typed
}
