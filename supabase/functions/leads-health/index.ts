import { alertConfig } from '../_shared/alerts/config.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { env } from '../_shared/runtime/env.ts'
import { cronSecret } from '../_shared/http/secret.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { healthFigures, pgAlertStore } from '../_shared/alerts/pg-alert-store.ts'
import { serve } from '../_shared/http/serve.ts'
import { registrationFigures } from '../_shared/enterprise/registration.ts'
import { webhookEventFigures } from '../_shared/bookings/webhook-figures.ts'
import { bookingFigures } from './booking-figures.ts'
import { createHealthHandler } from './handler.ts'
import { activeJobs } from './scheduled-jobs.ts'
import { DEFAULT_CLIENT_ADDRESS_HEADER, headerCheck, pgClientAddressKey } from '../_shared/limits/client-address.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 2 }) : undefined
const alerting = alertConfig(fetch)
const addressHeader = env('CLIENT_ADDRESS_HEADER') ?? DEFAULT_CLIENT_ADDRESS_HEADER

serve(
  createHealthHandler({
    secret: cronSecret(env, consoleLogger),
    figures: sql && (() => healthFigures(sql)),
    // The conditions' names only: no lead's contact details leave the database for a health check.
    holding: sql && (async () => (await pgAlertStore(sql).conditions(alerting.pendingMinutes, 0)).map((report) => report.condition)),
    activeJobs: sql && (() => activeJobs(sql)),
    registrations: sql && (() => registrationFigures(sql)),
    webhookEvents: sql && (() => webhookEventFigures(sql)),
    bookings: sql && (() => bookingFigures(sql, alerting.pendingMinutes)),
    clientAddress: sql && headerCheck(addressHeader, pgClientAddressKey(sql, addressHeader)),
    alertsConfigured: alerting.channels.length > 0,
    logger: consoleLogger,
  }),
)
