import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { inSitemap, pageFor, pages, routePaths, type PageEntry } from '@/content/pages'
import { notFoundProbe, prerenderTargets, robotsTxt, sitemapXml } from '@/lib/prerender'
import { articles, articleSlugs } from '@/content/articles'
import { blogHeadFor, headFor } from '@/lib/page-meta'

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

  it('lists each canonical URL once in the sitemap (/vet1 is /vet; /thanks and /confirm are not indexed)', () => {
    const xml = sitemapXml()
    expect(xml).toContain('/vet</loc>')
    expect(xml).not.toContain('/vet1</loc>')
    expect(xml).not.toContain('/thanks</loc>')
    expect(xml).not.toContain('/confirm</loc>')
    expect(xml.match(/<loc>/g)).toHaveLength(prerenderTargets.length - 3)
  })

  it('leaves variants and index: false pages out of the sitemap', () => {
    expect(inSitemap(pages['/vet1'])).toBe(false)
    expect(inSitemap(pages['/vet'])).toBe(true)
    const thanks: PageEntry = { title: 'Thanks', description: 'D', image: 'home', index: false }
    expect(inSitemap(thanks)).toBe(false)
  })

  it('never lets a thank-you page into search results', () => {
    for (const path of routePaths.filter((p) => /thank/.test(p))) expect(pages[path].index, path).toBe(false)
  })

  it('writes robots.txt allowing everything and naming the absolute sitemap URL', () => {
    expect(robotsTxt()).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.reviewlift.example/sitemap.xml\n')
  })
})

const jsonLdOf = (head: { scripts?: { type: string; children: string }[] }) => {
  const script = head.scripts?.find((s) => s.type === 'application/ld+json')
  return script ? (JSON.parse(script.children) as { '@graph': { '@type': string; [key: string]: unknown }[] }) : undefined
}
const typesOf = (head: Parameters<typeof jsonLdOf>[0]) => jsonLdOf(head)?.['@graph'].map((node) => node['@type'])

describe('structured data and sharing images of each page', () => {
  it('puts the Organization on every page and the WebSite beside it on the home page', () => {
    expect(typesOf(headFor('/'))).toEqual(['Organization', 'WebSite'])
    for (const path of routePaths.filter((p) => p !== '/' && !p.includes('$'))) {
      expect(typesOf(headFor(path as Exclude<typeof path, '/blog/$slug'>)), path).toEqual(['Organization'])
    }
  })

  it('titles each article page with its own title before the generic blog title (deviation 8), and links the feed', () => {
    const titles = articles.map((article) => {
      const head = blogHeadFor(article.slug, article)
      const title = `${article.title} | ${pages['/blog/$slug'].title}`
      expect(head.meta).toContainEqual({ title })
      expect(head.meta).toContainEqual({ property: 'og:title', content: title })
      expect(head.meta).toContainEqual({ name: 'twitter:title', content: title })
      expect(head.links).toContainEqual(
        expect.objectContaining({ rel: 'alternate', type: 'application/atom+xml', href: 'https://www.reviewlift.example/feed.xml' }),
      )
      expect(prerenderTargets.find((target) => target.path === `/blog/${article.slug}`)?.title).toBe(title)
      return title
    })
    expect(new Set(titles).size).toBe(articles.length)
  })

  it('describes each article as a BlogPosting from its front matter, with its PNG image', () => {
    const article = articles[0]!
    const head = blogHeadFor(article.slug, article)
    const [organization, posting] = jsonLdOf(head)!['@graph']
    expect(organization).toMatchObject({ '@type': 'Organization', sameAs: expect.arrayContaining([expect.stringMatching(/^https:/)]) })
    expect(posting).toMatchObject({ '@type': 'BlogPosting', headline: `${article.title} | Blog | ReviewLift`, datePublished: article.date })
    expect(posting!.image).toBe(`https://www.reviewlift.example${article.image.replace(/\.svg$/, '.png')}`)
    expect(head.meta).toContainEqual({ property: 'og:image:alt', content: article.imageAlt })
    expect(head.meta).toContainEqual({ property: 'og:type', content: 'article' })
  })

  it('gives every page an absolute 1200x630 PNG sharing image and a large twitter card', () => {
    for (const path of routePaths.filter((p) => !p.includes('$'))) {
      const meta = headFor(path as Exclude<typeof path, '/blog/$slug'>).meta
      expect(meta, path).toContainEqual({
        property: 'og:image',
        content: expect.stringMatching(/^https:\/\/www\.reviewlift\.example\/images\/og\/[a-z0-9]+\.png$/),
      })
      expect(meta, path).toContainEqual({ property: 'og:image:width', content: '1200' })
      expect(meta, path).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
    }
  })
})
