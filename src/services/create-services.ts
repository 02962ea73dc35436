import type { Config } from '@/config'
import { FailureError } from '@/schemas/failure-error'
import { createAiReplyService, type AiReplyService } from './ai-reply'
import type { LeadsService } from './leads'
import type { PlacesService } from './places'
import { createGtagAnalytics, noAnalytics, type AnalyticsService } from './analytics'
import { calendarBookingUrl, createCalEmbedCalendar, type CalendarService } from './calendar'
import type { RegistrationsService } from './registrations'
import type { ReviewCheckService } from './review-check'
import { createConsentService, type ConsentService } from './consent'
import type { EmailConfirmationService } from './email-confirmation'
import { loadOnFirstCall } from './load-on-first-call'
import { lazyTurnstile, noTurnstile, TURNSTILE_SCRIPT_URL, TURNSTILE_STAND_IN_URL, type TurnstileService } from './turnstile-lazy'

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

/**
 * The lead form's native `action`: the `leads` function in live mode, its same-origin stand-in
 * (dev server, preview server) in mock mode. The same on server and client, so hydration matches.
 */
function nativeLeadAction(config: { mockServices: boolean; supabaseUrl: string }): string {
  return config.mockServices ? '/functions/v1/leads' : `${config.supabaseUrl.replace(/\/$/, '')}/functions/v1/leads`
}

// The HTTP services' code (ky, valibot, the response schemas) loads on their first call.
function lazyLeads(functionsUrl: string, nativeAction: string): LeadsService {
  const load = loadOnFirstCall('leads', 'network', () =>
    import('./leads').then((m) => m.createLeadsService({ functionsUrl, nativeAction })),
  )
  return { nativeAction, submit: async (submission, signal) => (await load()).submit(submission, signal) }
}

function lazyPlaces(functionsUrl: string): PlacesService {
  const load = loadOnFirstCall('places', 'network', () => import('./places').then((m) => m.createPlacesService({ functionsUrl })))
  return { autocomplete: async (...args) => (await load()).autocomplete(...args) }
}

function lazyReviewCheck(functionsUrl: string): ReviewCheckService {
  const load = loadOnFirstCall('review-check', 'down', () =>
    import('./review-check').then((m) => m.createReviewCheckService({ functionsUrl })),
  )
  return { check: async (...args) => (await load()).check(...args) }
}

/** Every external system, built from config; mock mode passes stand-ins for the non-HTTP ones. */
export function createServices(config: Config, overrides: Partial<Services> = {}): Services {
  const functionsUrl = `${config.supabaseUrl.replace(/\/$/, '')}/functions/v1`
  const consent = overrides.consent ?? createConsentService(config.consent)
  return {
    leads: lazyLeads(functionsUrl, nativeLeadAction(config)),
    places: lazyPlaces(functionsUrl),
    analytics: config.gtagId
      ? createGtagAnalytics({ gtagId: config.gtagId, conversion: config.gadsConversion, analyticsAllowed: consent.analyticsAllowed })
      : noAnalytics,
    calendar:
      config.calOrigin && config.calLink
        ? createCalEmbedCalendar({ origin: config.calOrigin, calLink: config.calLink })
        : unconfiguredCalendar,
    registrations: lazyRegistrations(functionsUrl),
    reviewCheck: lazyReviewCheck(functionsUrl),
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
