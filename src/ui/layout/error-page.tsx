export function ErrorPage() {
  return (
    <section className="container-page py-24 text-center" role="alert" aria-labelledby="error-heading">
      <h1 id="error-heading" className="text-3xl font-bold sm:text-4xl">
        Unexpected Application Error
      </h1>
      <p className="mt-4 text-muted">Something went wrong on our side. Please try again, or go back to the home page.</p>
      {/* A full page load, not client navigation: the router may be what failed. */}
      <a href="/" className="btn-primary mt-8">
        Back to the home page
      </a>
    </section>
  )
}
