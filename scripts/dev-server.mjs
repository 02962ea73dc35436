// `npm run dev`: Vite in middleware mode, rendering each page on the server like the prerender
// does, with hot reload. Mock mode (MSW) is the default; VITE_MOCK_SERVICES=false goes live.
import { createServer as createHttpServer } from 'node:http'
import { createReadStream } from 'node:fs'
import { createServer } from 'vite'
import { answerNativeLeads } from './native-leads.mjs'

process.env.VITE_MOCK_SERVICES ??= 'true'
const port = Number(process.env.PORT ?? 5173)
const workerScript = new URL('../node_modules/msw/lib/mockServiceWorker.js', import.meta.url)
const turnstileStandIn = new URL('../mocks/turnstile-stand-in.js', import.meta.url)

const server = createHttpServer()
// Hot reload shares the page's port, so several dev servers (or a busy default port) never collide.
const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' })

// Mock mode: the same-origin stand-in for the native lead post (mocks/native-leads.ts), loaded once
// so what it received lasts for the session (GET /__mock/native-leads).
const standIn =
  process.env.VITE_MOCK_SERVICES === 'true' ? (await vite.ssrLoadModule('/mocks/native-leads.ts')).createNativeLeadsStandIn() : undefined

server.on('request', async (req, res) => {
  if (standIn && (await answerNativeLeads(standIn, req, res).catch(() => false))) return
  vite.middlewares(req, res, async () => {
    const url = req.url ?? '/'
    try {
      if (url === '/mockServiceWorker.js') {
        res.setHeader('Content-Type', 'text/javascript')
        createReadStream(workerScript).pipe(res)
        return
      }
      if (url === '/turnstile-stand-in.js' && process.env.VITE_MOCK_SERVICES === 'true') {
        res.setHeader('Content-Type', 'text/javascript')
        createReadStream(turnstileStandIn).pipe(res)
        return
      }
      const { render } = await vite.ssrLoadModule('/src/entry-server.tsx')
      const result = await render(url)
      if (result.location) {
        res.writeHead(result.status, { Location: result.location }).end()
        return
      }
      // The root route renders Vite's client and the refresh preamble itself (src/lib/app-assets.ts).
      res.writeHead(result.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(result.html)
    } catch (error) {
      vite.ssrFixStacktrace(error)
      console.error(error)
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error?.stack ?? error))
    }
  })
})

server.listen(port, () => {
  const mode = process.env.VITE_MOCK_SERVICES === 'true' ? 'offline, every external service mocked' : 'live services'
  console.log(`Site running at http://localhost:${port}/ (${mode})`)
})
