// `npm run size`: gzip bytes of the script each landing page loads before it is interactive.
// The target (README, Speed) is 100 kB (1000 B each); React DOM and the router alone take about 103 kB.
const { LANDING_ROUTES, pageScripts } = require('./scripts/bench/built-site.cjs')

module.exports = LANDING_ROUTES.map((route) => ({ name: route, path: pageScripts(route), gzip: true, limit: '100 kB' }))
