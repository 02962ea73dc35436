import { useEffect } from 'react'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { NotFoundPage } from '@/ui/layout/not-found-page'

const BLOG_POST = /^\/blog\/[^/]+\/?$/

/**
 * The not-found page. An unknown blog slug goes to /news instead (SPEC §8), replacing the entry so
 * Back returns to where the visitor was. Inside the app the blog route's loader redirects; a visitor
 * who arrives from outside gets the static host's 404.html, so the redirect happens here once hydrated.
 */
export function NotFound() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const unknownPost = BLOG_POST.test(pathname)
  useEffect(() => {
    if (unknownPost) void navigate({ to: '/news', replace: true })
  }, [unknownPost, navigate])
  return <NotFoundPage />
}
