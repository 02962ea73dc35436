import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createVerifier, type TurnstileSettings } from '../../supabase/functions/_shared/turnstile/siteverify.ts'
import type { TokenLedger } from '../../supabase/functions/_shared/turnstile/token-ledger.ts'
import type { Logger } from '../../supabase/functions/_shared/runtime/logger.ts'
import { FAKE_HOSTNAME, FAKE_SECRET, startFakeSiteverify, type FakeSiteverify } from '../support/fake-siteverify.mjs'
import { loopbackPassesThrough, recordingLogger } from './support'

/** The fake siteverify for one test file: started once, and up again before each test. */
export function fakeSiteverifyForFile(): () => FakeSiteverify {
  let siteverify: FakeSiteverify | undefined
  beforeAll(async () => {
    loopbackPassesThrough()
    siteverify = await startFakeSiteverify()
  })
  afterAll(() => siteverify?.stop())
  beforeEach(() => {
    loopbackPassesThrough()
    siteverify!.mode = 'up'
  })
  return () => siteverify!
}

/** A verifier against the fake, with the fake's own secret and hostname unless `settings` says otherwise. */
export function fakeVerifier(
  siteverify: FakeSiteverify,
  {
    settings = {},
    ledger,
    logger = recordingLogger(),
  }: { settings?: Partial<TurnstileSettings>; ledger?: TokenLedger; logger?: Logger } = {},
) {
  return createVerifier({
    settings: {
      secretKey: FAKE_SECRET,
      verifyUrl: siteverify.url,
      hostnames: [FAKE_HOSTNAME],
      timeoutMs: 2_000,
      addressHeader: 'cf-connecting-ip',
      ...settings,
    },
    fetch: (input, init) => fetch(input, init),
    logger,
    ledger,
    // The fake issues its tokens on the real clock.
    now: () => new Date(),
  })
}
