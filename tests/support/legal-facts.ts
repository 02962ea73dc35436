/**
 * Every fact of SPEC §6 and §9 (Terms of service, Other legal dates, AI policy) with the page that
 * states it and the exact words that must appear there. Read by the unit test of the Markdown
 * files and by the end-to-end test of the served pages.
 */
export const legalFacts: { page: '/terms' | '/privacy' | '/cookies' | '/dpa'; fact: string; text: string }[] = [
  { page: '/terms', fact: 'effective date', text: 'Effective 23 April 2025' },
  { page: '/terms', fact: 'onboarding hours', text: 'up to 2 hours of remote sessions' },
  { page: '/terms', fact: 'onboarding weeks', text: 'first 4 weeks' },
  { page: '/terms', fact: 'fair use', text: '3x the average monthly API calls, emails or SMS per location' },
  { page: '/terms', fact: 'non-compete', text: '12-month period after the term' },
  {
    page: '/terms',
    fact: 'messaging fees bundled',
    text: 'Messaging fees for SMS and email sent through the services are bundled into your subscription',
  },
  { page: '/terms', fact: 'no review gating', text: 'We do not practise review gating' },
  { page: '/terms', fact: 'fees in USD', text: 'Fees are invoiced in USD' },
  { page: '/terms', fact: 'fees due', text: 'due 14 days before engagement start' },
  { page: '/terms', fact: 'late fee', text: 'the lesser of 1.5% per month or the maximum rate permitted by law' },
  { page: '/terms', fact: 'suspension', text: 'more than 30 days overdue' },
  { page: '/terms', fact: 'non-renewal notice', text: 'at least 90 days before the end of the current term' },
  { page: '/terms', fact: 'renewal price rise', text: 'up to the greater of 8% or CPI-U' },
  { page: '/terms', fact: 'confidentiality', text: 'confidentiality survives 5 years' },
  { page: '/terms', fact: 'liability cap', text: 'capped at 12 months of fees' },
  { page: '/terms', fact: 'liability cap for excluded categories', text: 'the cap is 2x that amount' },
  { page: '/terms', fact: 'claims window', text: 'Claims must be made within 12 months' },
  { page: '/terms', fact: 'cure period', text: 'cure period of 30 days' },
  { page: '/terms', fact: 'data export', text: 'data export is available for 30 days after termination' },
  { page: '/terms', fact: 'objection to material changes', text: 'you may object within 30 days of our notice' },
  { page: '/terms', fact: 'governing law', text: 'governed by the laws of the State of Delaware' },
  { page: '/terms', fact: 'AI drafts never auto-published', text: 'They are never auto-published' },
  { page: '/privacy', fact: 'privacy policy date', text: 'Dated 15/05/2025' },
  { page: '/cookies', fact: 'cookie policy effective date', text: 'Effective 23 April 2025' },
  { page: '/dpa', fact: 'DPA effective date', text: 'Effective 23 April 2025' },
  {
    page: '/dpa',
    fact: 'AI drafts never auto-published',
    text: 'They are never auto-published and must be reviewed and approved by the customer',
  },
  { page: '/dpa', fact: 'customer is the controller', text: 'The customer is the data controller' },
  { page: '/dpa', fact: 'provider is the processor', text: 'is the processor' },
  { page: '/dpa', fact: 'audit metadata and retention', text: 'audit metadata (timestamp, prompt hash, success flag) for 30 days' },
  { page: '/dpa', fact: 'TLS version', text: 'TLS 1.2+' },
  { page: '/dpa', fact: 'notice of policy changes', text: "30 days' notice of policy changes" },
  { page: '/dpa', fact: 'data sent to the model', text: 'review text, star rating, tone preferences and reviewer name' },
]
