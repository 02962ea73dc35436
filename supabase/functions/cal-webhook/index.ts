import { env } from '../_shared/runtime/env.ts'
import { boardFrom } from '../_shared/delivery/deliver-lead.ts'
import { sharedLeadsConfig } from '../_shared/delivery/config.ts'
import { consoleLogger } from '../_shared/runtime/logger.ts'
import { pgBookingStore } from '../_shared/bookings/pg-booking-store.ts'
import { serve } from '../_shared/http/serve.ts'
import { createCalWebhookHandler } from './handler.ts'

const { sql, leaseMs, ...config } = sharedLeadsConfig()

serve(
  createCalWebhookHandler({
    secret: env('CAL_WEBHOOK_SECRET'),
    store: sql && pgBookingStore(sql),
    board: boardFrom({ ...config, fetch }, 0),
    logger: consoleLogger,
    leaseMs,
  }),
)
