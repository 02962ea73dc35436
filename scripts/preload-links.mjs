// Lists the entry's static imports and the page's own route chunks in <meta name="app-modules">.
// The page's inline boot (src/lib/paint-first.ts) preloads them together with app.js after the
// first paint, so they load in parallel instead of after app.js has run. Not <link rel=modulepreload>
// in the HTML: those would load before the first paint and compete with the HTML and CSS.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const ENTRY = 'src/entry-client.tsx'
// Modules the entry imports dynamically as steps of its boot, each evaluated in a task of its own
// after a yield (React DOM's client, entry-client.tsx): every page loads them, so they are
// preloaded with the entry, and the step waits for no request.
const BOOT_STEPS = ['src/lib/react-dom-client.ts']

/** The file of a route path in TanStack's flat file routes: '/' -> index.tsx, '/blog/$slug' -> blog.$slug.tsx. */
function routeModule(route) {
  return `src/routes/${route === '/' ? 'index' : route.slice(1).replaceAll('/', '.')}.tsx`
}

export function createPreloader(outDir) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'))
  const collect = (key, files = new Set()) => {
    const chunk = manifest[key]
    if (!chunk || key === ENTRY) return files
    if (!files.has(chunk.file)) {
      files.add(chunk.file)
      for (const dep of chunk.imports ?? []) collect(dep, files)
    }
    return files
  }
  const dynamic = manifest[ENTRY]?.dynamicImports ?? []
  const missing = BOOT_STEPS.filter((key) => !dynamic.includes(key))
  if (missing.length) throw new Error(`${ENTRY} no longer imports ${missing.join(', ')} dynamically: scripts/preload-links.mjs`)
  const entryImports = new Set([...(manifest[ENTRY]?.imports ?? []), ...BOOT_STEPS].flatMap((key) => [...collect(key)]))

  /** `route` is the page's route path from the table of pages (null for 404.html: the entry's imports only). */
  return function addPreloads(html, route) {
    const routeKey = route ? `${routeModule(route)}?tsr-split=component` : ''
    const files = new Set([...entryImports, ...(manifest[routeKey] ? collect(routeKey) : [])])
    const modules = [...files].map((file) => `/${file}`).join(' ')
    return html.replace('</head>', `<meta name="app-modules" content="${modules}"/></head>`)
  }
}
