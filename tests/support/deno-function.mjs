// Runs one edge function under Deno (installed from npm) on a free loopback port, as
// `npm run functions:<name>` does, for the function tests and `npm run bench:leads`.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const deno = `${repoRoot}node_modules/.bin/deno`
// The deploy import map says npm:valibot / npm:postgres; locally Deno serves them from node_modules.
const LOCAL_RESOLUTION = ['--node-modules-dir=manual', '--no-lock']
const FIRST_START_MS = 60_000

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** `flags`: extra permissions, e.g. `--allow-sys=hostname` for the AI SDK (its OIDC helper reads the host name). */
export async function startFunction(name, env, { flags = [] } = {}) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const { PATH, HOME, DENO_DIR, XDG_CACHE_HOME, TMPDIR } = process.env
  const inherited = Object.fromEntries(Object.entries({ PATH, HOME, DENO_DIR, XDG_CACHE_HOME, TMPDIR }).filter(([, value]) => value))
  const child = spawn(
    deno,
    ['run', '--allow-net', '--allow-env', '--allow-read', ...flags, ...LOCAL_RESOLUTION, `supabase/functions/${name}/index.ts`],
    { cwd: repoRoot, env: { ...inherited, NO_COLOR: '1', ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk.toString()))
  child.stderr.on('data', (chunk) => (output += chunk.toString()))

  const deadline = Date.now() + FIRST_START_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`deno ${name} exited with ${child.exitCode}:\n${output}`)
    try {
      await fetchWithin(url, { method: 'OPTIONS', within: 2_000 })
      break
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`deno ${name} did not listen within ${FIRST_START_MS} ms:\n${output}`)
      }
      await sleep(100)
    }
  }

  async function stop(signal = 'SIGTERM') {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill(signal)
    await exited
  }
  return { url, port, output: () => output, stop, kill: () => stop('SIGKILL') }
}
