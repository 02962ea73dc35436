// `npm run bench:crash` (issue 43 point 9): the Cron-called workers (`leads-redeliver`,
// `enterprise-followup`, `webhook-events`) under Deno against a throwaway PostgreSQL and the fakes,
// every fake slow. SIGKILL lands in their runs at seeded random moments, and right after a fake
// took one of their calls; the fakes take a share of calls without answering. Leads and
// registrations come in through the real front doors (`leads`, `enterprise-register`), registrants
// confirm through `enterprise-confirm` and pay the invoice Stripe sent them (Stripe then calls
// `stripe-webhook`). Then the workers run cleanly until nothing changes, and each reader is counted
// from the fakes' own records: expected, delivered, lost, duplicated; chat resends are counted and
// each is traced to the answer that was dropped, or to the killed run that sent it.
// Exit 1 on any loss or duplicate (a traced chat resend is neither). docs/crash-bench.md.
// Options: --leads N, --registrations N, --kills N, --seed N, --drop-rate X, --latency-ms N.
import { parseArgs } from 'node:util'
import { runCrashBench } from './bench/crash-run.mjs'

const { values: opts } = parseArgs({
  options: {
    leads: { type: 'string', default: '20' },
    registrations: { type: 'string', default: '8' },
    kills: { type: 'string', default: '30' },
    seed: { type: 'string', default: '43' },
    'drop-rate': { type: 'string', default: '0.1' },
    'latency-ms': { type: 'string', default: '100' },
  },
})

const result = await runCrashBench({
  leads: Number(opts.leads),
  registrations: Number(opts.registrations),
  kills: Number(opts.kills),
  seed: Number(opts.seed),
  dropRate: Number(opts['drop-rate']),
  latencyMs: Number(opts['latency-ms']),
})
const section = (title, lines) => (lines.length ? [`${title}:`, ...lines] : [`${title}: none`])
console.log(
  [...result.summary, '', result.table, '', ...section('lost', result.lost), ...section('chat resends', result.traces)].join('\n'),
)
if (!result.ok) process.exitCode = 1
