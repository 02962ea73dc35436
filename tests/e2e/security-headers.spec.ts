import { readFileSync } from 'node:fs'
import { test, expect, gotoHydrated } from './fixtures'

// The preview server applies the build's `_headers` as a static host does, so every end-to-end test
// already runs under these headers; this spec checks the headers themselves and every page once.
const headersFile = readFileSync(`${process.env.E2E_DIST ?? 'dist-mock'}/_headers`, 'utf8')
const pages = [...headersFile.matchAll(/^(\/[^\s*]*)\n\s+Content-Security-Policy:/gm)]
  .map((m) => m[1]!)
  .filter((path) => !path.endsWith('index.html') && (path === '/' || !path.endsWith('/')))

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = [])
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
})

test('every page is served with the security headers and a script policy without unsafe-inline', async ({ request }) => {
  expect(pages.length).toBeGreaterThanOrEqual(16)
  for (const path of pages) {
    const headers = (await request.get(path)).headers()
    const csp = headers['content-security-policy'] ?? ''
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc, path).toContain("'sha256-")
    expect(scriptSrc, path).not.toContain('unsafe-inline')
    expect(csp, path).toContain("frame-ancestors 'none'")
    expect(csp, path).toContain("object-src 'none'")
    expect(headers['strict-transport-security'], path).toMatch(/max-age=\d+/)
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy'], path).toContain('camera=()')
    expect(headers['x-content-type-options'], path).toBe('nosniff')
  }
})

test('no page raises a CSP violation, and each still hydrates under its policy', async ({ page }) => {
  test.setTimeout(120_000)
  for (const path of pages) {
    await gotoHydrated(page, path)
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), path).toEqual([])
  }
})

test.describe('not found', () => {
  // The browser reports the document's own 404 status; nothing else may log.
  test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\)/] })

  test('the 404 page carries its policy in a meta tag and hydrates under it', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', /script-src 'self' 'sha256-/)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([])
  })
})
