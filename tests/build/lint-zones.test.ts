import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Issue 36.6: the layer zones of eslint.config.js cover _shared/enterprise and _shared/bookings.
const root = new URL('../../', import.meta.url).pathname
const eslint = new ESLint({ cwd: root })
const SHARED = 'supabase/functions/_shared'

/** The zone messages ESLint gives a file at `path` that holds only `import`. */
async function zoneMessages(path: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const probe = 1\n`, { filePath: `${root}${path}` })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message)
}

const refused: [from: string, imports: string, zone: RegExp][] = [
  [`${SHARED}/outbox/probe.ts`, "import { registrationFigures } from '../enterprise/registration.ts'", /outbox is generic/],
  [`${SHARED}/outbox/probe.ts`, "import { workBooking } from '../bookings/booking-worker.ts'", /outbox is generic/],
  [`${SHARED}/runtime/probe.ts`, "import { registrationFigures } from '../enterprise/registration.ts'", /import no pipeline stage/],
  [`${SHARED}/http/probe.ts`, "import { workBooking } from '../bookings/booking-worker.ts'", /import no pipeline stage/],
  [`${SHARED}/board/probe.ts`, "import { registrationFigures } from '../enterprise/registration.ts'", /import no enterprise or bookings/],
  [`${SHARED}/delivery/probe.ts`, "import { workBooking } from '../bookings/booking-worker.ts'", /import no enterprise or bookings/],
  [`${SHARED}/board/probe.ts`, "import { pagingSubjectOf } from '../delivery/lead-store.ts'", /the board imports no lead delivery/],
  [`${SHARED}/enterprise/probe.ts`, "import { workBooking } from '../bookings/booking-worker.ts'", /enterprise imports no bookings/],
  [
    `${SHARED}/enterprise/probe.ts`,
    "import { deliverClaimed } from '../delivery/deliver-lead.ts'",
    /enterprise imports no bookings or lead delivery/,
  ],
  [`${SHARED}/bookings/probe.ts`, "import { registrationFigures } from '../enterprise/registration.ts'", /bookings import no enterprise/],
  [`${SHARED}/enterprise/probe.ts`, "import { createLeadsHandler } from '../../leads/handler.ts'", /_shared imports no function/],
]

describe('the lint zones of the edge functions’ shared code', { timeout: 60_000 }, () => {
  it.each(refused)('%s may not: %s', async (path, source, zone) => {
    expect(await zoneMessages(path, source)).toEqual([expect.stringMatching(zone)])
  })

  it('lets enterprise and bookings use the channels, the outbox and the runtime', async () => {
    expect(await zoneMessages(`${SHARED}/enterprise/probe.ts`, "import { pgOutbox } from '../outbox/pg-outbox.ts'")).toEqual([])
    expect(await zoneMessages(`${SHARED}/bookings/probe.ts`, "import { CREATE_ITEM } from '../board/client.ts'")).toEqual([])
  })
})
