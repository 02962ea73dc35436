import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { http, passthrough } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { server as msw } from '@mocks/node'
import { submission } from './support'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const deno = `${repoRoot}node_modules/.bin/deno`
// The deploy import map says npm:valibot; locally Deno serves it from this repo's node_modules.
const LOCAL_RESOLUTION = ['--node-modules-dir=manual', '--no-lock']
const ORIGIN = 'http://localhost:5173'
const FIRST_START_MS = 60_000

type BoardRequest = { headers: IncomingHttpHeaders; body: { query: string; variables: Record<string, unknown> } }

function startFakeBoard(requests: BoardRequest[]): Promise<Server> {
  const board = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (raw += chunk))
    req.on('end', () => {
      const body = JSON.parse(raw) as BoardRequest['body']
      requests.push({ headers: req.headers, body })
      const data = body.query.includes('create_update(') ? { create_update: { id: '1' } } : { create_item: { id: '4242' } }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }))
    })
  })
  return new Promise((resolve) => board.listen(0, '127.0.0.1', () => resolve(board)))
}

async function freePort(): Promise<number> {
  const probe = createNetServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function waitUntilListening(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + FIRST_START_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`deno exited with ${child.exitCode}:\n${output()}`)
    try {
      await fetch(url, { method: 'OPTIONS' })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  throw new Error(`deno did not listen within ${FIRST_START_MS} ms:\n${output()}`)
}

const loopbackPassesThrough = () => msw.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\/.*/, () => passthrough()))

describe('edge functions under Deno', () => {
  it('type-check (deno check on both entry files)', async () => {
    const files = ['supabase/functions/leads/index.ts', 'supabase/functions/places/index.ts']
    const { stderr } = await promisify(execFile)(deno, ['check', ...LOCAL_RESOLUTION, ...files], {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1' },
    })
    expect(stderr).not.toMatch(/error/i)
  }, 120_000)

  describe('leads, run with deno run', () => {
    const requests: BoardRequest[] = []
    let board: Server
    let child: ChildProcess
    let url: string

    beforeEach(loopbackPassesThrough)

    beforeAll(async () => {
      loopbackPassesThrough()
      board = await startFakeBoard(requests)
      const port = await freePort()
      url = `http://127.0.0.1:${port}/`
      const { PATH, HOME, DENO_DIR, XDG_CACHE_HOME, TMPDIR } = process.env
      const inherited = Object.fromEntries(Object.entries({ PATH, HOME, DENO_DIR, XDG_CACHE_HOME, TMPDIR }).filter(([, value]) => value))
      child = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', ...LOCAL_RESOLUTION, 'supabase/functions/leads/index.ts'], {
        cwd: repoRoot,
        env: {
          ...inherited,
          NO_COLOR: '1',
          MONDAY_API_TOKEN: 'test-token',
          MONDAY_BOARD_ID: '123',
          MONDAY_API_URL: `http://127.0.0.1:${(board.address() as AddressInfo).port}`,
          ALLOWED_ORIGINS: ORIGIN,
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
      await waitUntilListening(url, child, () => output)
    }, FIRST_START_MS + 10_000)

    afterAll(async () => {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM')
        await once(child, 'exit')
      }
      await new Promise((resolve) => board?.close(resolve))
    })

    it('accepts a lead from the allowed origin and writes it to the board', async () => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(submission()),
      })

      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(await res.json()).toEqual({ id: '4242' })
      expect(requests.map((request) => (request.body.query.includes('create_update(') ? 'create_update' : 'create_item'))).toEqual([
        'create_item',
        'create_update',
      ])
      for (const { headers } of requests) {
        expect(headers.authorization).toBe('test-token')
        expect(headers['api-version']).toBe('2025-04')
      }
      expect(requests[0]!.body.variables).toMatchObject({ boardId: '123', groupId: 'topics', itemName: 'Lead: Ada Lovelace' })
      expect(requests[1]!.body.variables).toMatchObject({ itemId: '4242' })
    }, 30_000)

    it('refuses another origin', async () => {
      const res = await fetch(url, { method: 'OPTIONS', headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' } })
      expect(res.status).toBe(403)
    }, 30_000)
  })
})
