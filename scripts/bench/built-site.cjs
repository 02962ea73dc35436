// The built site the bench measures, for lighthouserc.cjs and .size-limit.cjs: `npm run bench`
// builds it into node_modules/.cache/bench-dist (BENCH_DIST=dist measures `npm run build`'s output).
const { readFileSync } = require('node:fs')
const { join, resolve } = require('node:path')

const dist = resolve(process.env.BENCH_DIST ?? 'node_modules/.cache/bench-dist')

/** The pages an ad lands on, each opening on a lead form: they carry the script budget. */
const LANDING_ROUTES = ['/', '/vet', '/vet1', '/qrb', '/konversable', '/x18']

/** What the build prerendered (its record of the table of pages): path, route file, noindex. */
const builtPages = () => JSON.parse(readFileSync(join(dist, '.vite', 'pages.json'), 'utf8'))

/** The scripts a page loads before it is interactive: app.js and the modules its boot preloads. */
function pageScripts(path) {
  const html = readFileSync(join(dist, path, 'index.html'), 'utf8')
  const modules = html.match(/<meta name="app-modules" content="([^"]*)"/)?.[1].split(' ') ?? []
  return ['/assets/app.js', ...modules].map((file) => join(dist, file))
}

module.exports = { dist, LANDING_ROUTES, builtPages, pageScripts }
