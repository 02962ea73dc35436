// `npm run size`: gzip bytes of the script each landing page loads before it is interactive, against
// today's figure plus 3 kB (scripts/bench/script-budgets.cjs; the 100 kB target: decision 017).
const { LANDING_ROUTES, pageScripts } = require('./scripts/bench/built-site.cjs')
const { scriptBudgetKB } = require('./scripts/bench/script-budgets.cjs')

module.exports = LANDING_ROUTES.map((route) => ({
  name: route,
  path: pageScripts(route),
  gzip: true,
  limit: `${scriptBudgetKB(route, 'beforeInteractive')} kB`,
}))
