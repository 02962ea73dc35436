// The site's page paths as plain data, for the `leads` edge function (Deno) as well as the app: the
// function redirects a native form post back to the page it came from, but only to a path listed
// here. It imports nothing, so Deno loads it as it is; the table of pages (src/content/pages.ts) is
// typed against this list, so the two cannot drift apart.

/** Every page with a fixed URL (every route but the article template). */
export const STATIC_PAGE_PATHS = [
  '/',
  '/x18',
  '/qrb',
  '/konversable',
  '/vet',
  '/vet1',
  '/schedule',
  '/check',
  '/reply',
  '/enterprise',
  '/news',
  '/thanks',
  '/confirm',
  '/terms',
  '/privacy',
  '/cookies',
  '/dpa',
] as const

/** An article's slug (its path is '/blog/' and the slug): lower-case letters and digits, single dashes between. */
export const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Whether `path` is one of the site's page paths (exactly: no query, no trailing slash but '/'). */
export function isKnownPagePath(path: string): boolean {
  if ((STATIC_PAGE_PATHS as readonly string[]).includes(path)) return true
  return path.length <= 200 && path.startsWith('/blog/') && ARTICLE_SLUG.test(path.slice('/blog/'.length))
}
