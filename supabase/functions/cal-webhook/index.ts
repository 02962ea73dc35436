import { env } from '../_shared/runtime/env.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { pgBookingStore } from '../_shared/bookings/pg-booking-store.ts'
import { createDb } from '../_shared/runtime/db.ts'
import { serve } from '../_shared/http/serve.ts'
import { createCalWebhookHandler } from './handler.ts'
import { parseMeetingHosts } from '../_shared/bookings/meeting-link.ts'

const dbUrl = env('SUPABASE_DB_URL')
const sql = dbUrl ? createDb(dbUrl, { max: 4, statementTimeoutMs: 5_000 }) : undefined

serve(
  createCalWebhookHandler({
    secret: env('CAL_WEBHOOK_SECRET'),
    store: sql && pgBookingStore(sql),
    logger: consoleLogger,
    linkSecret: env('BOOKING_LINK_SECRET'),
    meetingHosts: parseMeetingHosts(env('CAL_MEETING_HOSTS')),
  }),
)
