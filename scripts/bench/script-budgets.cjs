// The landing routes' script (kB = 1000 B), as measured on 2026-11-29 after issue 45: before interaction
// by size-limit (gzip), in all by Lighthouse's resource-summary (transfer sizes), on the live build of
// `npm run bench` once React DOM's client came through a chunk of its own (docs/speed.md), and the growth
// the bench allows over it. The 100 kB target needs the router out of landing pages (decision 017); until
// then a budget at today's figure fails on any growth instead of on every run. After a change that
// must grow a landing route, measure (`npm run size`, `npm run bench`) and update these figures.
const GROWTH_KB = 3

/** Per landing route: `beforeInteractive` by size-limit (gzip), `loaded` by Lighthouse's resource-summary. */
const MEASURED_KB = {
  '/': { beforeInteractive: 120.01, loaded: 190.1 },
  '/vet': { beforeInteractive: 119.0, loaded: 181.5 },
  '/vet1': { beforeInteractive: 119.0, loaded: 181.5 },
  '/qrb': { beforeInteractive: 120.83, loaded: 177.6 },
  '/konversable': { beforeInteractive: 120.84, loaded: 177.6 },
  '/x18': { beforeInteractive: 120.64, loaded: 179.0 },
}

/** The script budget of a landing route in kB: today's figure plus GROWTH_KB. */
function scriptBudgetKB(route, measure) {
  const measured = MEASURED_KB[route]
  if (!measured) throw new Error(`no measured script figure for the landing route ${route}: add it to ${__filename}`)
  return Math.round((measured[measure] + GROWTH_KB) * 100) / 100
}

module.exports = { scriptBudgetKB }
