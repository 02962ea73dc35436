import type { RequestHandler } from 'msw'
import { adVisitsHandlers } from './handlers/ad-visits'
import { aiReplyHandlers } from './handlers/ai-reply'
import { enterpriseConfirmHandlers } from './handlers/enterprise-confirm'
import { leadsHandlers } from './handlers/leads'
import { placesHandlers } from './handlers/places'
import { registrationsHandlers } from './handlers/registrations'
import { reviewCheckHandlers } from './handlers/review-check'

/** Every external system's happy-path handlers, one module per system under mocks/handlers/. */
export const handlers: RequestHandler[] = [
  ...leadsHandlers,
  ...placesHandlers,
  ...registrationsHandlers,
  ...reviewCheckHandlers,
  ...aiReplyHandlers,
  ...enterpriseConfirmHandlers,
  ...adVisitsHandlers,
]
