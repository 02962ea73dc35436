import type { Config } from '@/config'
import { FailureError } from '@/schemas/failure'
import { createAiReplyService, type AiReplyService } from './ai-reply'
import { createLeadsService, nativeLeadAction, type LeadsService } from './leads'
import { createPlacesService, type PlacesService } from './places'
import { createGtagAnalytics, noAnalytics, type AnalyticsService } from './analytics'
import { calendarBookingUrl, createCalEmbedCalendar, type CalendarService } from './calendar'
import type { RegistrationsService } from './registrations'
import { createReviewCheckService, type ReviewCheckService } from './review-check'
import { createConsentService, type ConsentService } from './consent'
import type { EmailConfirmationService } from './email-confirmation'
import type { TurnstileService } from './turnstile'
import { lazyTurnstile, noTurnstile, TURNSTILE_SCRIPT_URL, TURNSTILE_STAND_IN_URL } from './turnstile-lazy'

export type Services = {
  leads: LeadsService
  places: PlacesService
  analytics: AnalyticsService
  calendar: CalendarService
  registrations: RegistrationsService
  reviewCheck: ReviewCheckService
  consent: ConsentService
  aiReply: AiReplyService
  emailConfirmation: EmailConfirmationService
  turnstile: TurnstileService
}

/** Without a calendar link the schedule page offers the phone alone. */
const unconfiguredCalendar: CalendarService = {
  bookingUrl: calendarBookingUrl({}),
  triggerAttributes: () => ({}),
  onBooked: () => () => {},
  load: () => Promise.reject(new Error('calendar is not configured (VITE_CAL_ORIGIN, VITE_CAL_LINK)')),
}

// Only the enterprise wizard and /confirm use these two: their code loads when first called, not with every page.
function lazyRegistrations(functionsUrl: string): RegistrationsService {
  let service: Promise<RegistrationsService> | undefined
  const load = () =>
    (service ??= import('./registrations')
      .then((m) => m.createRegistrationsService({ functionsUrl }))
      .catch((error: unknown) => {
        service = undefined
        throw new FailureError('network', { service: 'registrations', detail: `the registration code failed to load: ${String(error)}` })
      }))
  return { insert: async (registration, signal) => (await load()).insert(registration, signal) }
}

function lazyEmailConfirmation(functionsUrl: string): EmailConfirmationService {
  let service: Promise<EmailConfirmationService> | undefined
  const load = () =>
    (service ??= import('./email-confirmation')
      .then((m) => m.createEmailConfirmationService({ functionsUrl }))
      .catch((error: unknown) => {
        service = undefined
        throw new FailureError('down', { service: 'email-confirmation', detail: `the confirmation code failed to load: ${String(error)}` })
      }))
  return { send: async (request, signal) => (await load()).send(request, signal) }
}

/** Every external system, built from config; mock mode passes stand-ins for the non-HTTP ones. */
export function createServices(config: Config, overrides: Partial<Services> = {}): Services {
  const functionsUrl = `${config.supabaseUrl.replace(/\/$/, '')}/functions/v1`
  const consent = overrides.consent ?? createConsentService(config.consent)
  return {
    leads: createLeadsService({ functionsUrl, nativeAction: nativeLeadAction(config) }),
    places: createPlacesService({ functionsUrl }),
    analytics: config.gtagId
      ? createGtagAnalytics({ gtagId: config.gtagId, conversion: config.gadsConversion, analyticsAllowed: consent.analyticsAllowed })
      : noAnalytics,
    calendar:
      config.calOrigin && config.calLink
        ? createCalEmbedCalendar({ origin: config.calOrigin, calLink: config.calLink })
        : unconfiguredCalendar,
    registrations: lazyRegistrations(functionsUrl),
    reviewCheck: createReviewCheckService({ functionsUrl }),
    consent,
    aiReply: createAiReplyService({ functionsUrl }),
    emailConfirmation: lazyEmailConfirmation(functionsUrl),
    turnstile: config.turnstileSiteKey
      ? lazyTurnstile({
          siteKey: config.turnstileSiteKey,
          scriptUrl: config.mockServices ? TURNSTILE_STAND_IN_URL : TURNSTILE_SCRIPT_URL,
        })
      : noTurnstile,
    ...overrides,
  }
}
