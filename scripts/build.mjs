// `npm run build`: client bundle, server bundle, then one prerendered HTML file per path.
//   node scripts/build.mjs              production (live services), into dist/
//   node scripts/build.mjs --mock       mock mode (MSW), into dist-mock/ (end-to-end tests, offline demos)
//   --out DIR                           another output folder
//   --allow-placeholders                a preview: a live build may carry the stand-in contact details
//                                       (also ALLOW_PLACEHOLDERS=1); without it a live build stops on them
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { findLeaks } from './check-bundle.mjs'
import { createPreloader } from './preload-links.mjs'
import { writeSecurityHeaders } from './security-headers.mjs'
import { placeholderMessage, placeholderSettings } from './site-placeholders.mjs'

const args = process.argv.slice(2)
const mock = args.includes('--mock')
const outIndex = args.indexOf('--out')
const outDir = resolve(outIndex >= 0 ? args[outIndex + 1] : mock ? 'dist-mock' : 'dist')
// Inside the project, so the server bundle resolves its dependencies from node_modules.
const serverDir = resolve('node_modules/.cache/prerender', String(process.pid))
process.env.NODE_ENV = 'production'
process.env.VITE_MOCK_SERVICES = mock ? 'true' : (process.env.VITE_MOCK_SERVICES ?? 'false')
const allowPlaceholders = args.includes('--allow-placeholders') || process.env.ALLOW_PLACEHOLDERS === '1'

if (process.env.VITE_MOCK_SERVICES !== 'true' && !allowPlaceholders) {
  const message = placeholderMessage(await placeholderSettings())
  if (message) {
    console.error(message)
    process.exit(1)
  }
}

await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } })
await build({ logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true } })

// The list of pages comes from the app's own table (src/content/pages.ts), through the server bundle.
const { render, config, prerenderTargets, notFoundProbe, sitemapXml, robotsTxt, FEED_PATH, feedXml } = await import(
  pathToFileURL(join(serverDir, 'entry-server.js')).href
)

const addPreloads = createPreloader(outDir)
const write = (file, html) => {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, html)
}

for (const { path, route } of prerenderTargets) {
  const { status, html, location } = await render(path)
  if (status !== 200) throw new Error(`prerender ${path}: HTTP ${status}${location ? ` -> ${location}` : ''}`)
  write(path === '/' ? join(outDir, 'index.html') : join(outDir, path, 'index.html'), addPreloads(html, route))
}
const notFound = await render(notFoundProbe)
if (notFound.status !== 404) throw new Error(`prerender 404 page: expected HTTP 404, got ${notFound.status}`)
write(join(outDir, '404.html'), addPreloads(notFound.html, null))
write(join(outDir, 'sitemap.xml'), sitemapXml())
write(join(outDir, 'robots.txt'), robotsTxt())
write(join(outDir, FEED_PATH), feedXml())
// What was prerendered, for the end-to-end tests (they run in Node and cannot load the app's modules).
write(join(outDir, '.vite', 'pages.json'), JSON.stringify(prerenderTargets, null, 2))
rmSync(serverDir, { recursive: true, force: true })
writeSecurityHeaders(outDir, config)

if (mock) {
  cpSync(new URL('../node_modules/msw/lib/mockServiceWorker.js', import.meta.url), join(outDir, 'mockServiceWorker.js'))
  // The bot check's offline widget (src/services/turnstile.ts names its path).
  cpSync(new URL('../mocks/turnstile-stand-in.js', import.meta.url), join(outDir, 'turnstile-stand-in.js'))
  // The preview server's stand-in for the native lead post (mocks/native-leads.ts): plain Node cannot load TS.
  await build({
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'mocks/native-leads.ts',
      outDir: join(outDir, '.vite'),
      emptyOutDir: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'native-leads.mjs' } },
    },
  })
} else {
  const leaks = findLeaks(outDir)
  if (leaks.length) throw new Error(`production build holds mock or server-side code:\n${leaks.join('\n')}`)
}
console.log(`Prerendered ${prerenderTargets.length} pages and 404.html into ${outDir} (${mock ? 'mock' : 'live'} services)`)
