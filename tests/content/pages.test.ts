import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pageFor, pages, routePaths } from '@/content/pages'
import { notFoundProbe, prerenderTargets, sitemapXml } from '@/content/prerender'
import { articleSlugs } from '@/content/articles'
import { blogHeadFor, headFor } from '@/content/page-meta'

const routesDir = new URL('../../src/routes/', import.meta.url)

/** TanStack flat file routes: 'index.tsx' -> '/', 'blog.$slug.tsx' -> '/blog/$slug'; '-x' and '__root' are not pages. */
const routeFilePaths = readdirSync(routesDir, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.startsWith('-') && !entry.name.startsWith('__'))
  .map((entry) => entry.name.replace(/\.tsx$/, ''))
  .map((name) => (name === 'index' ? '/' : `/${name.replaceAll('.', '/')}`))

const canonicalOf = (head: { links: { rel: string; href: string }[] }) => head.links.find((link) => link.rel === 'canonical')?.href

describe('the table of pages', () => {
  it('has an entry for every route file and a route file for every entry', () => {
    expect([...routePaths].sort()).toEqual([...routeFilePaths].sort())
  })

  it('gives every page a title and a description of its own', () => {
    for (const path of routePaths) {
      expect(pages[path].title.length, path).toBeGreaterThan(10)
      expect(pages[path].description.length, path).toBeGreaterThan(40)
    }
    const staticTitles = routePaths.filter((p) => !p.startsWith('/vet')).map((p) => pages[p].title)
    expect(new Set(staticTitles).size).toBe(staticTitles.length)
  })

  it('points /vet1 canonical to /vet and every other page to itself', () => {
    expect(canonicalOf(headFor('/vet1'))).toMatch(/\/vet$/)
    expect(canonicalOf(headFor('/vet'))).toMatch(/\/vet$/)
    expect(canonicalOf(headFor('/terms'))).toMatch(/\/terms$/)
    expect(canonicalOf(blogHeadFor('get-more-customer-reviews'))).toMatch(/\/blog\/get-more-customer-reviews$/)
  })

  it('finds the entry of a concrete path, including articles and trailing slashes', () => {
    expect(pageFor('/vet1/')?.source).toBe('Veterinary Page (Alt)')
    expect(pageFor('/blog/anything')).toBe(pages['/blog/$slug'])
    expect(pageFor('/nowhere')).toBeUndefined()
    expect(pageFor('/blog/a/b')).toBeUndefined()
  })
})

describe('what the build prerenders', () => {
  it('is every static route once and every article once', () => {
    const paths = prerenderTargets.map((target) => target.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths).toEqual(
      expect.arrayContaining([...routeFilePaths.filter((p) => !p.includes('$')), ...articleSlugs.map((s) => `/blog/${s}`)]),
    )
    expect(paths).toHaveLength(routeFilePaths.length - 1 + articleSlugs.length)
    expect(paths).not.toContain(notFoundProbe)
  })

  it('records the route of each path, for its preloads', () => {
    expect(prerenderTargets.find((t) => t.path === '/blog/get-more-customer-reviews')?.route).toBe('/blog/$slug')
    expect(prerenderTargets.find((t) => t.path === '/')?.route).toBe('/')
  })

  it('lists each canonical URL once in the sitemap (/vet1 is /vet)', () => {
    const xml = sitemapXml()
    expect(xml).toContain('/vet</loc>')
    expect(xml).not.toContain('/vet1</loc>')
    expect(xml.match(/<loc>/g)).toHaveLength(prerenderTargets.length - 1)
  })
})
