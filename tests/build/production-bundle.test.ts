import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findLeaks } from '../../scripts/check-bundle.mjs'
import { COMPILE_HINT } from '../../scripts/compile-hints.mjs'
import { formsOf, formsThatWouldGet } from './form-crawl'

/** The modules a page's boot preloads with app.js (`<meta name="app-modules">`, see src/lib/paint-first.ts). */
const pageModules = (html: string) =>
  (/<meta name="app-modules" content="([^"]*)"/.exec(html)?.[1] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((path) => path.replace('/assets/', ''))

const out = mkdtempSync(join(tmpdir(), 'live-build-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('production build', () => {
  it('prerenders every route and holds no MSW, board address or server secret', { timeout: 240_000 }, () => {
    execFileSync('node', ['scripts/build.mjs', '--out', out], {
      env: {
        ...process.env,
        VITE_MOCK_SERVICES: 'false',
        VITE_SUPABASE_URL: 'https://project.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'anon',
        // A preview: the stand-in contact details are allowed (tests/build/placeholders.test.ts checks the refusal).
        ALLOW_PLACEHOLDERS: '1',
      },
      stdio: 'pipe',
    })
    expect(findLeaks(out)).toEqual([])
    expect(existsSync(join(out, 'mockServiceWorker.js'))).toBe(false)
    // The offline stand-in for the native lead post exists in mock builds only.
    expect(existsSync(join(out, '.vite', 'native-leads.mjs'))).toBe(false)
    expect(readFileSync(join(out, 'vet', 'index.html'), 'utf8')).toMatch(/<title>[^<]*Veterinary[^<]*<\/title>/)
    expect(existsSync(join(out, '404.html'))).toBe(true)
    // Security headers ship with the build; the live Supabase URL is the only API origin allowed.
    const headers = readFileSync(join(out, '_headers'), 'utf8')
    expect(headers).toMatch(/^\/vet\n {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-/m)
    expect(headers).toContain("connect-src 'self' https://project.supabase.co;")
    expect(headers).not.toContain('mock-project')
  })

  it('renders Markdown at build: no Markdown or front-matter code, article bodies in their own chunks', () => {
    const scripts = readdirSync(join(out, 'assets')).filter((file) => file.endsWith('.js'))
    for (const file of scripts)
      expect(readFileSync(join(out, 'assets', file), 'utf8'), file).not.toMatch(/gray-matter|js-yaml|input parameter is undefined or null/)
    const firstChunk = readFileSync(join(out, 'assets', 'app.js'), 'utf8')
    expect(firstChunk).not.toContain('Ask at the moment of delight')
    expect(readFileSync(join(out, 'blog', 'get-more-customer-reviews', 'index.html'), 'utf8')).toContain('Ask at the moment of delight')
  })

  it('writes the pages of the table: /vet1 canonical to /vet, each article, a sitemap', () => {
    expect(readFileSync(join(out, 'vet1', 'index.html'), 'utf8')).toContain(
      '<link rel="canonical" href="https://www.reviewlift.example/vet"/>',
    )
    const pages = JSON.parse(readFileSync(join(out, '.vite', 'pages.json'), 'utf8')) as { path: string }[]
    for (const { path } of pages) expect(existsSync(join(out, path, 'index.html')), path).toBe(true)
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain(
      '<loc>https://www.reviewlift.example/blog/boost-google-maps-listing</loc>',
    )
  })

  it('no form of any prerendered page would submit as a GET: method="post" and a real action', () => {
    const forms = formsOf(out)
    expect(forms.length).toBeGreaterThan(5)
    expect(formsThatWouldGet(forms)).toEqual([])
    const leadForms = forms.filter((form) => form.action === 'https://project.supabase.co/functions/v1/leads')
    expect([...new Set(leadForms.map((form) => form.page))]).toEqual(
      expect.arrayContaining([
        'index.html',
        'vet/index.html',
        'vet1/index.html',
        'x18/index.html',
        'qrb/index.html',
        'konversable/index.html',
      ]),
    )
  })

  it('lead forms carry the source as hidden fields in the prerendered HTML, tracking left empty', () => {
    const home = readFileSync(join(out, 'index.html'), 'utf8')
    expect(home).toContain('<input type="hidden" name="source_path" value="/"/>')
    expect(home).toContain('<input type="hidden" name="source_label" value="Homepage"/>')
    expect(home).toContain('<input type="hidden" name="platform" value=""/>')
    expect(home).toContain('<input type="hidden" name="keyword" value=""/>')
    expect(home).not.toContain('name="source_note"')
    expect(readFileSync(join(out, 'qrb', 'index.html'), 'utf8')).toContain('name="source_note" value="Lead came through')
  })

  it('pages load their script after the first paint: no script or module preload in the HTML, the modules listed for the boot', () => {
    for (const page of ['index.html', 'vet/index.html', 'check/index.html', '404.html']) {
      const html = readFileSync(join(out, page), 'utf8')
      expect(html, page).not.toMatch(/<script[^>]*\bsrc=/)
      expect(html, page).not.toMatch(/<link[^>]*rel="modulepreload"/)
      const modules = pageModules(html)
      expect(modules.length, page).toBeGreaterThan(5)
      for (const file of modules) expect(existsSync(join(out, 'assets', file)), file).toBe(true)
      // The boot is called with the entry it loads.
      expect(html, page).toContain(`("/assets/app.js")`)
    }
    // Each page lists its own route chunk.
    expect(pageModules(readFileSync(join(out, 'vet', 'index.html'), 'utf8')).some((file) => file.startsWith('vet-page-'))).toBe(true)
  })

  it("the evaluation's work is split: the framework and the entry open with V8's compile hint, React DOM's client comes after a yield (issue 45)", () => {
    const scripts = readdirSync(join(out, 'assets')).filter((file) => file.endsWith('.js'))
    const framework = scripts.find((file) => file.startsWith('framework-'))
    expect(framework).toBeDefined()
    const code = (file: string) => readFileSync(join(out, 'assets', file), 'utf8')
    for (const file of scripts) expect(code(file).startsWith(COMPILE_HINT), file).toBe(file === 'app.js' || file === framework)
    // React DOM's client is required by a chunk of its own that the entry imports dynamically, and
    // every landing page preloads it with the entry: its module body runs in a task of its own.
    const step = scripts.find((file) => file.startsWith('react-dom-client-'))
    expect(step).toBeDefined()
    expect(code('app.js')).toContain(`import(\`./${step}\`)`)
    expect(code('app.js')).not.toContain(`import(\`./${framework}\`)`)
    for (const page of ['index.html', 'vet/index.html', 'qrb/index.html', 'x18/index.html'])
      expect(pageModules(readFileSync(join(out, page), 'utf8')), page).toEqual(expect.arrayContaining([framework, step]))
  })

  it('landing pages load without valibot, ky or the content schemas before any touch; they come with the first call (issue 45)', () => {
    const code = (file: string) => readFileSync(join(out, 'assets', file), 'utf8')
    // valibot's issue text, ky's error name, a content schema's refusal and the lead service's endpoint.
    const lateOnly = [/abortPipeEarly/, /TimeoutError/, /content is not as its schema outputs it/, /\/leads`,\{json/]
    for (const page of ['index.html', 'vet/index.html', 'qrb/index.html', 'x18/index.html']) {
      const loaded = ['app.js', ...pageModules(readFileSync(join(out, page), 'utf8'))]
      for (const file of loaded) for (const pattern of lateOnly) expect(code(file), `${page}: ${file}`).not.toMatch(pattern)
    }
    const scripts = readdirSync(join(out, 'assets')).filter((file) => file.endsWith('.js'))
    expect(scripts.some((file) => /abortPipeEarly/.test(code(file)))).toBe(true)
  })

  it('/check loads without the QR library or the result screen; both come in later chunks', () => {
    const html = readFileSync(join(out, 'check', 'index.html'), 'utf8')
    const loaded = ['app.js', ...pageModules(html)]
    expect(loaded.length).toBeGreaterThan(5)
    const code = (file: string) => readFileSync(join(out, 'assets', file), 'utf8')
    const qr = /Invalid QR Code version/
    // The review link panel and the competitor table are drawn by the result view only.
    const resultScreen = /review-link-qr\.png/
    for (const file of loaded) {
      expect(code(file), file).not.toMatch(qr)
      expect(code(file), file).not.toMatch(resultScreen)
    }
    const scripts = readdirSync(join(out, 'assets')).filter((file) => file.endsWith('.js'))
    expect(scripts.filter((file) => qr.test(code(file)))).toHaveLength(1)
    expect(scripts.some((file) => !loaded.includes(file) && resultScreen.test(code(file)))).toBe(true)
    expect(html).not.toMatch(/<form\b/)
  })

  it('/reply loads with the form only: the streaming reader and the draft panel come in later chunks', () => {
    const html = readFileSync(join(out, 'reply', 'index.html'), 'utf8')
    expect(html).toMatch(/<title>Free AI Review Reply[^<]*<\/title>/)
    const loaded = ['app.js', ...pageModules(html)]
    const code = (file: string) => readFileSync(join(out, 'assets', file), 'utf8')
    const streaming = /text\/event-stream/
    const draftPanel = /draft-text-live/
    for (const file of loaded) {
      expect(code(file), file).not.toMatch(streaming)
      expect(code(file), file).not.toMatch(draftPanel)
    }
    const scripts = readdirSync(join(out, 'assets')).filter((file) => file.endsWith('.js'))
    expect(scripts.some((file) => !loaded.includes(file) && streaming.test(code(file)))).toBe(true)
    expect(scripts.some((file) => !loaded.includes(file) && draftPanel.test(code(file)))).toBe(true)
    expect(html).not.toMatch(/<form\b/)
  })

  it('the form crawl does catch a form without method or action', () => {
    expect(
      formsThatWouldGet([
        { page: 'a.html', tag: '<form>' },
        { page: 'b.html', tag: '<form method="post" action="/x">', method: 'post', action: '/x' },
      ]),
    ).toEqual([{ page: 'a.html', tag: '<form>' }])
  })

  it('the leak check does catch mock code', () => {
    const mockBuild = mkdtempSync(join(tmpdir(), 'fake-mock-'))
    execFileSync('sh', ['-c', `mkdir -p ${mockBuild}/assets && echo 'const w = setupWorker()' > ${mockBuild}/assets/browser.js`])
    expect(findLeaks(mockBuild)).toEqual([expect.stringContaining('setupWorker')])
    rmSync(mockBuild, { recursive: true, force: true })
  })
})
