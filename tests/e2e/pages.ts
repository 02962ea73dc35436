import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** A page the build prerendered, as listed from the table of pages (scripts/build.mjs writes it). */
export type PrerenderedPage = { path: string; route: string; title: string; canonical: string; inSitemap: boolean; noindex: boolean }

// The e2e tests run in Node and cannot load the app's TypeScript modules (they read import.meta.env),
// so they take the list the build itself used, from the folder under test.
const dist = resolve(process.env.E2E_DIST ?? 'dist-mock')

export const prerenderedPages: PrerenderedPage[] = JSON.parse(readFileSync(join(dist, '.vite', 'pages.json'), 'utf8'))

export const allPaths = prerenderedPages.map((page) => page.path)
