import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from './scripts/chromium.mjs'

const port = Number(process.env.E2E_PORT ?? 4317)

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // CI hosts differ in speed by 3x from run to run (the same suite took 9 and 26 minutes): one retry
  // there keeps a slow host's timeout from failing a submission; Playwright still reports the test
  // as flaky by name, and a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Two browsers on a two-core machine: keyboard journeys with axe scans take 20-35 s there.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The cookie banner opens at once for European time zones (decision 014): every spec runs in UTC,
    // wherever the machine is, unless it asks for a zone (tests/e2e/consent.spec.ts).
    timezoneId: 'UTC',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node scripts/preview.mjs ${process.env.E2E_DIST ?? 'dist-mock'}`,
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
