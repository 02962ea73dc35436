// The same site built as a client-only SPA, the bench's comparison: one empty HTML shell served
// for every path, the page rendered by the script alone (no prerendered content, no hydration).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { allPaths } from '../paths.mjs'

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/assets/app.css" />
    <script type="module" src="/assets/app.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

/** Builds the client-only site into `outDir` with the live (non-mock) services of `env`. */
export async function buildSpa(outDir, env) {
  Object.assign(process.env, env, { NODE_ENV: 'production', VITE_CLIENT_ONLY: 'true', VITE_MOCK_SERVICES: 'false' })
  try {
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, rollupOptions: { input: 'src/entry-spa.tsx' } } })
  } finally {
    delete process.env.VITE_CLIENT_ONLY
  }
  for (const path of allPaths) {
    const dir = path === '/' ? outDir : join(outDir, path)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'index.html'), SHELL)
  }
  writeFileSync(join(outDir, '404.html'), SHELL)
}
