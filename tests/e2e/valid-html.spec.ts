import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from './fixtures'
import { allPaths } from './pages'

// Issue 29 point 18: every page as served passes the W3C Nu HTML Checker (vnu-jar, on the machine's
// Java; .ci/run installs a headless runtime where it is missing). One Java run checks all pages: it is
// slow to start.
const vnuJar = fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar'))

type VnuMessage = { type: 'error' | 'info' | 'non-document-error'; url: string; lastLine?: number; message: string; extract?: string }

test('every prerendered page, and the 404 page, has no error in the Nu HTML Checker', async ({ request }) => {
  test.setTimeout(120_000)
  const folder = mkdtempSync(join(tmpdir(), 'vnu-'))
  try {
    const files: string[] = []
    for (const path of [...allPaths, '/a-page-that-does-not-exist']) {
      const response = await request.get(path)
      expect(response.headers()['content-type'], path).toContain('text/html')
      const file = join(folder, `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '__')}.html`)
      writeFileSync(file, await response.text())
      files.push(file)
    }
    // One thread, the quick compiler, serial GC: a third of the CPU of the defaults, spared to the browsers
    // running beside it. The quick compiler's frames are bigger, and the schema check recurses deep: -Xss.
    const jvm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-XX:ActiveProcessorCount=1', '-Xss4m']
    const { stdout, stderr } = await promisify(execFile)('java', [...jvm, '-jar', vnuJar, '--format', 'json', '--errors-only', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string; code?: number | string }) => {
      if (error.code === 'ENOENT') throw new Error('java is missing: install a Java runtime (Debian: default-jre-headless)')
      return { stdout: error.stdout ?? '', stderr: error.stderr ?? '' }
    })
    // vnu exits 1 when it finds an error, and reports on stderr as JSON; anything else is the checker failing.
    if (!stderr.startsWith('{')) throw new Error(`the Nu HTML Checker did not run:\n${stdout}${stderr}`)
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] }
    const errors = messages
      .filter((m) => m.type !== 'info')
      .map(
        (m) =>
          `${m.url.slice(m.url.lastIndexOf('/') + 1)}:${m.lastLine ?? '?'}: ${m.message} in “${m.extract?.trim().slice(0, 100) ?? ''}”`,
      )
    expect(errors).toEqual([])
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
