import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adPlatformSettings } from '../support/ad-platform-settings'
import { startFakeGoogleDm, type FakeGoogleDm } from '../support/fake-google-dm.mjs'
import { startFakeMetaCapi, type FakeMetaCapi } from '../support/fake-meta-capi.mjs'
import { conversionInput } from '../support/conversion-input'
import { loopbackPassesThrough } from './support'

// The clients under Deno, as the outbox worker will run them: WebCrypto hashing, the streamed body
// (sent once, never replayed by Deno's fetch), the token exchange.
const root = fileURLToPath(new URL('../../', import.meta.url))
const run = promisify(execFile)
let google: FakeGoogleDm
let meta: FakeMetaCapi

beforeAll(async () => {
  ;[google, meta] = await Promise.all([startFakeGoogleDm(), startFakeMetaCapi()])
})
afterAll(async () => {
  await google?.close()
  await meta?.close()
})
beforeEach(loopbackPassesThrough)

describe('conversions clients under Deno', () => {
  it('send one lead to each fake platform, with hashes WebCrypto computed', async () => {
    const settings = adPlatformSettings(google, meta)
    const script = `
      const dir = ${JSON.stringify(`${root}supabase/functions/_shared/conversions/`)}
      const { googleSettings, metaSettings } = await import(dir + 'config.ts')
      const { googleDataManager } = await import(dir + 'google-client.ts')
      const { metaConversions } = await import(dir + 'meta-client.ts')
      const settings = ${JSON.stringify(settings)}
      const read = (name) => settings[name]
      const input = JSON.parse(Deno.args[0], (key, value) => (key === 'at' ? new Date(value) : value))
      const sent = [await googleDataManager(googleSettings(read), fetch).send(input), await metaConversions(metaSettings(read), fetch).send(input)]
      console.log(JSON.stringify(sent))
    `
    const { stdout } = await run(
      `${root}node_modules/.bin/deno`,
      ['eval', '--node-modules-dir=manual', '--no-lock', '--ext=ts', script, JSON.stringify(conversionInput())],
      { cwd: root, timeout: 60_000 },
    )
    const outcomes = JSON.parse(stdout.trim().split('\n').at(-1)!) as { kind: string }[]
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['sent', 'sent'])
    expect(google.events.size).toBe(1)
    expect(meta.events).toHaveLength(1)
  }, 90_000)
})
