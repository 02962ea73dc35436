// Security headers for static hosting, written into the build as `_headers` (the format Netlify and
// Cloudflare Pages read; docs/security-headers.md gives the same rules for other hosts). Scripts get no 'unsafe-inline':
// each page's inline bootstrap (the router's dehydrated state, scroll restoration) is allowed by its
// SHA-256, so every page carries its own policy. 404.html, served for any unknown path, carries its
// policy in a meta tag instead.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g
const DATA_BLOCK = /\btype="application\/(ld\+)?json"/

export const COMMON_HEADERS = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
}

// Google tag: its script, and the hosts its beacons and pixels go to.
const GTAG = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
    'https://*.g.doubleclick.net',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com', 'https://*.g.doubleclick.net', 'https://*.google.com'],
}

// Cloudflare Turnstile (docs/turnstile.md): its script and the frame its challenge runs in. A mock
// build loads the same-origin stand-in instead, which 'self' already allows.
const TURNSTILE = 'https://challenges.cloudflare.com'

const origin = (url) => (url ? new URL(url).origin : undefined)

/** Every third party the site talks to, from the same config the app is built with. */
export function allowedOrigins(config) {
  const supabase = origin(config.supabaseUrl)
  const calendar = origin(config.calOrigin)
  const video = origin(config.vetVideoUrl)
  const gtag = Boolean(config.gtagId)
  const turnstile = config.turnstileSiteKey && !config.mockServices ? TURNSTILE : undefined
  return {
    script: [calendar, ...(gtag ? GTAG.script : []), turnstile].filter(Boolean),
    connect: [supabase, calendar, ...(gtag ? GTAG.connect : [])].filter(Boolean),
    img: [calendar, ...(gtag ? GTAG.img : [])].filter(Boolean),
    frame: [calendar, turnstile].filter(Boolean),
    media: [video].filter(Boolean),
    form: [supabase].filter(Boolean),
  }
}

export function contentSecurityPolicy(config, scriptHashes, { meta = false } = {}) {
  const o = allowedOrigins(config)
  const list = (...values) => values.flat().join(' ')
  const directives = [
    `default-src 'self'`,
    `script-src ${list(
      "'self'",
      scriptHashes.map((h) => `'sha256-${h}'`),
      o.script,
    )}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', o.img)}`,
    `font-src 'self'`,
    `connect-src ${list("'self'", o.connect)}`,
    `media-src ${list("'self'", o.media)}`,
    `frame-src ${o.frame.length ? list(o.frame) : "'none'"}`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action ${list("'self'", o.form)}`,
  ]
  // A meta policy cannot set frame-ancestors; the X-Frame-Options header covers 404 pages.
  if (!meta) directives.push(`frame-ancestors 'none'`)
  return directives.join('; ')
}

export function inlineScriptHashes(html) {
  const hashes = []
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes) || !body.trim()) continue
    hashes.push(createHash('sha256').update(body, 'utf8').digest('base64'))
  }
  return [...new Set(hashes)]
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name)
    if (statSync(file).isDirectory()) return name === 'assets' ? [] : htmlFiles(file)
    return name === 'index.html' ? [file] : []
  })
}

/** Writes `_headers` for every prerendered page of `outDir`, and the meta policy into 404.html. */
export function writeSecurityHeaders(outDir, config) {
  const blocks = [
    `/*\n${Object.entries(COMMON_HEADERS)
      .map(([name, value]) => `  ${name}: ${value}`)
      .join('\n')}`,
  ]
  for (const file of htmlFiles(outDir).sort()) {
    const dir = relative(outDir, file).split(sep).slice(0, -1).join('/')
    const csp = contentSecurityPolicy(config, inlineScriptHashes(readFileSync(file, 'utf8')))
    const paths = dir ? [`/${dir}`, `/${dir}/`, `/${dir}/index.html`] : ['/', '/index.html']
    for (const path of paths) blocks.push(`${path}\n  Content-Security-Policy: ${csp}`)
  }
  const notFound = join(outDir, '404.html')
  const html = readFileSync(notFound, 'utf8')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(config, inlineScriptHashes(html), { meta: true })}">`
  writeFileSync(notFound, html.replace(/<head>/, `<head>${meta}`))
  writeFileSync(join(outDir, '_headers'), `${blocks.join('\n\n')}\n`)
}

/** The headers `_headers` gives a path: later matching rules add to (and override) earlier ones. */
export function headersFor(headersFile, pathname) {
  const headers = {}
  for (const block of headersFile.split(/\n\s*\n/)) {
    const [pattern, ...lines] = block.split('\n')
    if (!pattern || !matches(pattern.trim(), pathname)) continue
    for (const line of lines) {
      const at = line.indexOf(':')
      if (at > 0) headers[line.slice(0, at).trim()] = line.slice(at + 1).trim()
    }
  }
  return headers
}

const matches = (pattern, pathname) => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pattern === pathname)
