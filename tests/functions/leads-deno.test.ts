import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { deno, LOCAL_RESOLUTION, repoRoot } from '../support/deno-function.mjs'

// Running the functions under Deno against PostgreSQL and a fake board: leads-faults.test.ts.
describe('edge functions under Deno', () => {
  it('type-check (deno check on every entry file)', async () => {
    const files = ['leads', 'leads-redeliver', 'leads-health', 'places'].map((name) => `supabase/functions/${name}/index.ts`)
    const { stderr } = await promisify(execFile)(deno, ['check', ...LOCAL_RESOLUTION, ...files], {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1' },
    })
    expect(stderr).not.toMatch(/error/i)
  }, 120_000)
})
