// The `ad-visits` function offline: its own handler (supabase/functions/ad-visits/handler.ts), so an
// offline tester's beacon is checked exactly as the function checks it, with no limiter and the visit
// recorded instead of counted. Used by the MSW handler (mocks/handlers/ad-visits.ts) and by the dev and
// preview servers' same-origin stand-in (mocks/native-leads.ts), which the boot's beacon reaches first.
import type { AdVisit } from '../src/schemas/ad-visit.ts'
import { createAdVisitsHandler } from '../supabase/functions/ad-visits/handler.ts'
import { consoleLogger } from '../supabase/functions/_shared/runtime/logger.ts'

export function adVisitsStandIn(record: (visit: AdVisit) => void): (req: Request) => Promise<Response> {
  return createAdVisitsHandler({
    allowedOrigins: ['*'],
    record: async (visit) => record(visit),
    limiter: undefined,
    logger: consoleLogger,
  })
}
