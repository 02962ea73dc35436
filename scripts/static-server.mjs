// A static host for a built site, as a CDN would serve it: /x18 -> x18/index.html, unknown -> 404.html,
// with the headers of the build's `_headers` file.
import { createServer } from 'node:http'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { pathToFileURL } from 'node:url'
import { answerNativeLeads } from './native-leads.mjs'
import { headersFor } from './security-headers.mjs'

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
  '.mp4': 'video/mp4',
}

function resolveFile(root, urlPath) {
  if (urlPath === '/_headers') return undefined
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '')
  const candidates = [join(root, clean), join(root, clean, 'index.html')]
  return candidates.find((file) => file.startsWith(root) && existsSync(file) && statSync(file).isFile())
}

/** A mock build's stand-in for the native lead post (mocks/native-leads.ts); a live build has none. */
async function loadStandIn(root) {
  const bundle = join(root, '.vite', 'native-leads.mjs')
  if (!existsSync(bundle)) return undefined
  const { createNativeLeadsStandIn } = await import(pathToFileURL(bundle).href)
  return createNativeLeadsStandIn()
}

/**
 * `options.before(req, res)`: a test's own route (e.g. a proxy to a function) that answers first and
 * returns true when it took the request.
 */
export async function startStaticServer(dir, port = 0, options = {}) {
  const root = resolve(dir)
  // The build's `_headers` (security headers, per-page CSP) applied as a static host would.
  const rules = existsSync(join(root, '_headers')) ? readFileSync(join(root, '_headers'), 'utf8') : ''
  const standIn = await loadStandIn(root)
  const server = createServer(async (req, res) => {
    try {
      if (options.before && (await options.before(req, res))) return
      if (standIn && (await answerNativeLeads(standIn, req, res))) return
    } catch (error) {
      console.error(error)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end('stand-in failed')
      return
    }
    const url = new URL(req.url ?? '/', 'http://localhost')
    const file = resolveFile(root, url.pathname)
    const status = file ? 200 : 404
    const path = file ?? join(root, '404.html')
    const type = types[extname(path)] ?? 'application/octet-stream'
    let body = readFileSync(path)
    const headers = {
      ...headersFor(rules, url.pathname),
      'Content-Type': type,
      'Cache-Control': path.includes('/assets/') && !/app\.(js|css)$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    if (/text|javascript|json|svg|xml/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body)
      headers['Content-Encoding'] = 'gzip'
    }
    res.writeHead(status, headers).end(body)
  })
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)))
}
