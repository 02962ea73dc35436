// The few answers of the native post that are pages rather than redirects: small, self-contained
// HTML (no script, no style sheet) that says what went wrong and, where it can, links back.

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

export function htmlPage(
  status: number,
  { title, message, back }: { title: string; message: string; back?: string },
  headers: Record<string, string> = {},
): Response {
  const link = back ? `<p><a href="${escapeHtml(back)}">Back to the form</a></p>` : ''
  const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link}</main></body>
</html>
`
  return new Response(body, {
    status,
    headers: {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    },
  })
}
