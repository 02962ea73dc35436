import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { boardSettings } from '../../supabase/functions/_shared/board/settings.ts'
import { decisionsWorker } from '../../supabase/functions/_shared/board/decision-settings.ts'
import { bookingsConfig } from '../../supabase/functions/_shared/bookings/config.ts'
import { leadsWorker } from '../../supabase/functions/_shared/delivery/settings.ts'
import { paymentsWorker } from '../../supabase/functions/_shared/enterprise/config.ts'
import { followupWorker } from '../../supabase/functions/enterprise-followup/settings.ts'
import { conversionsWorker } from '../../supabase/functions/_shared/conversions/worker-config.ts'

// Issue 43 point 5: each stage owns its lease and backoff, with documented defaults, and reads no
// other stage's names. Each stage is read here (as its function's index.ts reads it) from an
// environment where every OTHER stage's names are set to odd values: it must come out at its defaults.
const reading = (values: Record<string, string>) => (name: string) => values[name]
const odd = (stage: string): Record<string, string> => ({
  [`${stage}_LEASE_MS`]: '7',
  [`${stage}_BACKOFF_BASE_MS`]: '8',
  [`${stage}_BACKOFF_MAX_MS`]: '9',
  [`${stage}_MAX_ATTEMPTS`]: '2',
})
/** The names the leads had before they had their own, and every stage's own. */
const LEGACY = { CLAIM_LEASE_MS: '7', BACKOFF_BASE_MS: '8', BACKOFF_MAX_MS: '9', MAX_ATTEMPTS: '2' }
const STAGES = ['LEADS', 'ENTERPRISE', 'BOOKINGS', 'PAYMENTS', 'DECISIONS', 'CONVERSIONS']
const othersThan = (stage: string) =>
  reading(Object.assign({}, stage === 'LEADS' ? {} : LEGACY, ...STAGES.filter((other) => other !== stage).map(odd)))

const backoff = (baseMs: number, maxMs: number, maxAttempts: number) => ({ baseMs, maxMs, maxAttempts })
const DEFAULT = backoff(30_000, 3_600_000, 10)

describe("each stage's worker settings: its own names, its documented defaults, nobody else's", () => {
  it.each([
    ['leads', 'LEADS', (read: (name: string) => string | undefined) => leadsWorker(read), 60_000],
    ['enterprise-followup', 'ENTERPRISE', followupWorker, 90_000],
    ['bookings', 'BOOKINGS', (read: (name: string) => string | undefined) => bookingsConfig(read), 60_000],
    ['payments', 'PAYMENTS', paymentsWorker, 60_000],
    ['board decisions', 'DECISIONS', decisionsWorker, 60_000],
    ['ad conversions', 'CONVERSIONS', conversionsWorker, 60_000],
  ])('%s ignores every other stage’s names, and reads its own', (_stage, prefix, read, leaseMs) => {
    const ignoring = read(othersThan(prefix))
    expect({ leaseMs: ignoring.leaseMs, backoff: ignoring.backoff }).toEqual({ leaseMs, backoff: DEFAULT })
    const own = read(reading(odd(prefix)))
    expect({ leaseMs: own.leaseMs, backoff: own.backoff }).toEqual({ leaseMs: 7, backoff: backoff(8, 9, 2) })
  })

  it('ad conversions: CONVERSIONS_BATCH_SIZE, default 20, not the webhook-events batch', () => {
    expect(conversionsWorker(reading({ WEBHOOK_EVENTS_BATCH_SIZE: '50' })).batchSize).toBe(20)
    expect(conversionsWorker(reading({ CONVERSIONS_BATCH_SIZE: '5' })).batchSize).toBe(5)
  })

  it("enterprise-followup no longer takes the leads' lease (CLAIM_LEASE_MS used to set both)", () => {
    expect(followupWorker(reading({ CLAIM_LEASE_MS: '1500', LEADS_LEASE_MS: '1500' })).leaseMs).toBe(90_000)
  })

  it("payments no longer take the bookings' backoff", () => {
    const read = reading({ BOOKINGS_BACKOFF_BASE_MS: '300', BOOKINGS_BACKOFF_MAX_MS: '300', BOOKINGS_MAX_ATTEMPTS: '3' })
    expect(paymentsWorker(read).backoff).toEqual(DEFAULT)
    expect(decisionsWorker(read).backoff).toEqual(DEFAULT)
  })

  it('the leads read their old names for one release, each with a deprecation warning, while the new one is unset', () => {
    const warnings: string[] = []
    const settings = leadsWorker(reading({ ...LEGACY, LEADS_MAX_ATTEMPTS: '4' }), (message) => warnings.push(message))
    expect(settings).toEqual({ leaseMs: 7, backoff: backoff(8, 9, 4) })
    expect(warnings).toEqual([
      'CLAIM_LEASE_MS is deprecated and will be ignored in the next release: set LEADS_LEASE_MS',
      'BACKOFF_BASE_MS is deprecated and will be ignored in the next release: set LEADS_BACKOFF_BASE_MS',
      'BACKOFF_MAX_MS is deprecated and will be ignored in the next release: set LEADS_BACKOFF_MAX_MS',
    ])
  })

  it('the board client settings are the board’s own: a stage’s lease or timeout does not change them', () => {
    const everyStage: Record<string, string> = Object.assign({}, LEGACY, ...STAGES.map(odd))
    const settings = boardSettings(reading({ ...everyStage, BOOKINGS_BOARD_TIMEOUT_MS: '9', MONDAY_API_TOKEN: 't' }))
    expect(settings).toMatchObject({ token: 't', timeoutMs: 4_000, groupId: 'topics', reviewGroupId: 'needs_a_look' })
  })
})

describe('no stage reads another stage’s names in the functions’ code', () => {
  const root = new URL('../../supabase/functions/', import.meta.url).pathname
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : []
    })
  const OWNERS: [pattern: RegExp, owner: string][] = [
    [/'(CLAIM_LEASE_MS|BACKOFF_BASE_MS|BACKOFF_MAX_MS|MAX_ATTEMPTS)'/, '_shared/delivery/settings.ts'],
    [/'BOOKINGS_[A-Z_]+'|workerNames\('BOOKINGS'\)/, '_shared/bookings/config.ts'],
    [/'PAYMENTS_[A-Z_]+'|workerNames\('PAYMENTS'\)/, '_shared/enterprise/config.ts'],
    [/'DECISIONS_[A-Z_]+'|workerNames\('DECISIONS'\)/, '_shared/board/decision-settings.ts'],
    [/'CONVERSIONS_[A-Z_]+'|workerNames\('CONVERSIONS'\)/, '_shared/conversions/worker-config.ts'],
    [/'ENTERPRISE_(LEASE|BACKOFF|MAX)[A-Z_]*'|workerNames\('ENTERPRISE'\)/, 'enterprise-followup/settings.ts'],
    [/'LEADS_(LEASE|BACKOFF|MAX)[A-Z_]*'|workerNames\('LEADS'\)/, '_shared/delivery/settings.ts'],
    [
      /'(MONDAY_API_TOKEN|MONDAY_BOARD_ID|MONDAY_API_URL|BOARD_TIMEOUT_MS|MONDAY_(REVIEW_|ENTERPRISE_)?GROUP_ID)'/,
      '_shared/board/settings.ts',
    ],
  ]
  // The alerts build links to the board's page from its id (and MONDAY_ACCOUNT_SLUG), read where the
  // link is made because the builders also run in the site's tests: a link, not the client.
  const LINKS = '_shared/alerts/links.ts'
  it.each(OWNERS)('%s is read only in %s', (pattern, owner) => {
    const readers = files(root)
      .filter((path) => !path.endsWith(LINKS) && pattern.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path))
    expect(readers).toEqual([owner])
  })
})
