import { deferred } from '@/lib/deferred'

// Parts of pages that hydrate after the shell, each from its own chunk (see `deferred`). The
// server bundle imports this file so the prerender can load them all before rendering.

/** The lead form with its machines: the form works natively (and keeps what is typed) until then. */
export const DeferredLeadCapture = deferred('lead-capture', () => import('./lead-capture').then((m) => m.LeadCapture))

export const DeferredTestimonials = deferred('testimonials', () => import('./testimonials').then((m) => m.Testimonials))

export const DeferredHomeSections = deferred('home-sections', () => import('./home-sections').then((m) => m.HomeSections))

export const DeferredVetSections = deferred('vet-sections', () => import('./vet-sections').then((m) => m.VetSections))

export const DeferredBookCall = deferred('book-call', () => import('./book-call').then((m) => m.BookCall))
