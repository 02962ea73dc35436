// Adds <link rel="modulepreload"> for the entry's static imports and the page's own route chunks,
// so the browser fetches them in parallel with app.js instead of after it has run.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const ENTRY = 'src/entry-client.tsx'

function routeModule(path) {
  if (path === '/') return 'src/routes/index.tsx'
  if (path.startsWith('/blog/')) return 'src/routes/blog.$slug.tsx'
  return `src/routes${path}.tsx`
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
  const entryImports = new Set((manifest[ENTRY]?.imports ?? []).flatMap((key) => [...collect(key)]))

  return function addPreloads(html, path) {
    const routeKey = `${routeModule(path)}?tsr-split=component`
    const files = new Set([...entryImports, ...(manifest[routeKey] ? collect(routeKey) : [])])
    const links = [...files].map((file) => `<link rel="modulepreload" href="/${file}"/>`).join('')
    return html.replace('</head>', `${links}</head>`)
  }
}
