import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <section className="container-page py-24 text-center" aria-labelledby="not-found-heading">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">404</p>
      <h1 id="not-found-heading" className="mt-2 text-3xl font-bold sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn-primary mt-8">
        Back to the home page
      </Link>
    </section>
  )
}
