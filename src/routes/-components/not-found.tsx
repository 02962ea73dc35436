import { useEffect } from 'react'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { site } from '@/site'
import { NotFoundPage } from '@/ui/layout/not-found-page'

const BLOG_POST = /^\/blog\/[^/]+\/?$/

/**
 * The not-found page. An unknown blog slug goes to /news instead (SPEC §8), replacing the entry so
 * Back returns to where the visitor was. Inside the app the blog route's loader redirects; a visitor
 * who arrives from outside gets the static host's 404.html, so the redirect happens here once hydrated.
 * No route matched, so no route's head applies: the page names itself and keeps out of search
 * results (React places the title and meta in the head, in the prerendered 404.html too).
 */
export function NotFound() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const unknownPost = BLOG_POST.test(pathname)
  useEffect(() => {
    if (unknownPost) void navigate({ to: '/news', replace: true })
  }, [unknownPost, navigate])
  return (
    <>
      <title>{`Page not found | ${site.brand}`}</title>
      <meta name="robots" content="noindex" />
      <NotFoundPage />
    </>
  )
}
