// After each deploy: proves the trusted client-address header reaches the functions, set by the
// platform and not by the caller (docs/deploy.md, docs/client-address.md). It asks `leads-health`
// (with CRON_SECRET) twice: plainly, then carrying a made-up cf-connecting-ip of its own plus the same
// value in x-client-address-probe. leads-health answers only yes/no: no address is ever shown.
//
//   FUNCTIONS_URL=https://<ref>.supabase.co/functions/v1 CRON_SECRET=… node scripts/check-client-address.mjs
//
// Exit 0: the header arrives, holds an address, and what the caller writes in it never arrives.
import { fetchWithin } from './fetch-within.mjs'

const PROBE = '192.0.2.77' // TEST-NET-1 (RFC 5737): never anyone's real address

/** The check against `functionsUrl` (…/functions/v1): `{ ok, lines }`, each line a finding in plain words. */
export async function checkClientAddress({ functionsUrl, secret, header = 'cf-connecting-ip', fetch = globalThis.fetch }) {
  const url = `${functionsUrl.replace(/\/+$/, '')}/leads-health`
  async function ask(extra) {
    const res = await fetchWithin(url, { headers: { 'x-cron-secret': secret, ...extra }, within: 15_000 }, fetch)
    if (res.status === 401) throw new Error('leads-health refused the secret: set CRON_SECRET to the deployed one')
    const body = await res.json().catch(() => ({}))
    return { status: res.status, clientAddress: body.clientAddress }
  }
  const plain = (await ask({})).clientAddress
  if (!plain) throw new Error('leads-health did not report clientAddress: is this deploy older, or is SUPABASE_DB_URL unset?')
  const spoof = await ask({ [header]: PROBE, 'x-client-address-probe': PROBE })
  // A platform may also refuse outright a request that carries the header it owns: as good as replacing it.
  const replaced = spoof.clientAddress ? spoof.clientAddress.echoed === false : spoof.status === 400 || spoof.status === 403
  const lines = [
    plain.arrived
      ? `ok: ${plain.header} arrives at the functions`
      : `FAIL: ${plain.header} does not arrive: every visitor shares one bucket (docs/client-address.md)`,
    plain.usable ? `ok: it holds one address` : `FAIL: it does not hold one address: every visitor shares one bucket`,
    replaced
      ? `ok: a value the caller writes in ${plain.header} is replaced by the platform`
      : `FAIL: a value the caller writes in ${plain.header} reaches the functions: anyone can choose their own limit`,
  ]
  return { ok: lines.every((line) => line.startsWith('ok')), lines }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const functionsUrl = process.env.FUNCTIONS_URL
  const secret = process.env.CRON_SECRET
  if (!functionsUrl || !secret) {
    console.error('Set FUNCTIONS_URL (https://<ref>.supabase.co/functions/v1) and CRON_SECRET.')
    process.exit(2)
  }
  try {
    const { ok, lines } = await checkClientAddress({ functionsUrl, secret, header: process.env.CLIENT_ADDRESS_HEADER })
    for (const line of lines) console.log(line)
    process.exit(ok ? 0 : 1)
  } catch (error) {
    console.error(`FAIL: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
