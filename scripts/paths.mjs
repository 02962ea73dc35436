// The paths prerendered at build: every route of SPEC §2 and every blog slug.
import { readFileSync } from 'node:fs'

const slugSource = readFileSync(new URL('../src/content/article-slugs.ts', import.meta.url), 'utf8')
export const blogSlugs = [...slugSource.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1])

export const staticPaths = [
  '/',
  '/x18',
  '/qrb',
  '/konversable',
  '/vet',
  '/vet1',
  '/schedule',
  '/enterprise',
  '/news',
  '/terms',
  '/privacy',
  '/cookies',
  '/dpa',
]

export const allPaths = [...staticPaths, ...blogSlugs.map((slug) => `/blog/${slug}`)]

/** A path no route matches: rendering it gives the not-found page for 404.html. */
export const notFoundProbe = '/__not-found__'
