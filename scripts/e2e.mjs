// `npm run test:e2e`: build the site in mock mode, then run Playwright against the static output.
// `--no-build` reuses an existing dist-mock/. Extra arguments go to Playwright.
import { spawnSync } from 'node:child_process'

const args = process.argv.slice(2)
const run = (cmd, cmdArgs) => {
  const result = spawnSync(cmd, cmdArgs, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (!args.includes('--no-build')) run('node', ['scripts/build.mjs', '--mock'])
run('npx', ['playwright', 'test', ...args.filter((a) => a !== '--no-build')])
