import { TOP_LEAD_FORM_ID, type PageEntry } from '@/content/pages'

/** What the header's Join Us does on a page: scroll up to the form that opens it, or open the dialog. */
export type JoinUsAction = { kind: 'scroll' | 'dialog'; href: string }

/**
 * DESIGN.md deviation 6. Before the script runs it is a link to a form: the page's own, else the
 * home page's (the page that is all about the form).
 */
export function joinUsAction(page: PageEntry | undefined): JoinUsAction {
  const form = page?.leadForm
  return { kind: form?.top ? 'scroll' : 'dialog', href: form ? `#${form.id}` : `/#${TOP_LEAD_FORM_ID}` }
}
