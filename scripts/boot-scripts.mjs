// A Vite plugin for the document's inline scripts. `import script from './x-boot.ts?boot'` bundles
// x-boot.ts and everything it imports into one self-contained script, in the build, the dev server
// and the tests alike, so the code a page runs inline is the same TypeScript the app imports and the
// unit tests run, never a hand-kept copy in a string. The import is a function: given the arguments
// for the module's default export (JSON values), it returns the script text that calls it. Each page
// allows its inline scripts by their hash (scripts/security-headers.mjs hashes the built pages).
// In the browser's build the import reads the script's text from the document it hydrates instead
// (each script opens with a comment naming its module), so the text is not shipped twice: the
// client renders the same script tags without carrying about 2 kB of their text (issue 45).
import { basename } from 'node:path'
import { build } from 'vite'

const QUERY = '?boot'
// The name the bundle gives the default export; it stays inside the function the script wraps it in.
const NAME = '__boot'

/** One inline script: `entry`'s default export and what it imports, minified, as a self-contained IIFE. */
async function bundleBootScript(entry, { root = process.cwd(), alias = [] } = {}) {
  const [{ output }] = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    publicDir: false,
    resolve: { alias },
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry, formats: ['iife'], name: NAME },
    },
  })
  const [chunk] = output
  // In an HTML script element these would end the script or change how it is parsed.
  if (/<\/script|<!--/i.test(chunk.code)) throw new Error(`${entry}: the bundled boot script holds "</script" or "<!--"`)
  return { code: chunk.code.trim(), files: chunk.moduleIds }
}

export function bootScripts() {
  let config
  return {
    name: 'boot-scripts',
    enforce: 'pre',
    configResolved(resolved) {
      config = resolved
    },
    load: {
      filter: { id: /^[^\0].*\?boot$/ },
      async handler(id, options) {
        const entry = id.slice(0, -QUERY.length)
        const mark = `/*${basename(entry).replace(/\.[^.]+$/, '')}*/`
        if (config.command === 'build' && !options?.ssr) {
          return [
            `const mark = ${JSON.stringify(mark)}`,
            'export default () => [...document.scripts].find((script) => !script.src && script.text.startsWith(mark))?.text ?? ""',
          ].join('\n')
        }
        const { code, files } = await bundleBootScript(entry, { root: config.root, alias: config.resolve.alias })
        for (const file of files) this.addWatchFile(file)
        return [
          `const open = ${JSON.stringify(`${mark}(function(){${code}${NAME}(`)}`,
          `export default (...args) => open + args.map((arg) => JSON.stringify(arg)).join(',') + ')})()'`,
        ].join('\n')
      },
    },
  }
}
