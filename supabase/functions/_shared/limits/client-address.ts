import type { Sql } from '../runtime/db.ts'

/** The header the platform overwrites on every request: Cloudflare, in front of Supabase (docs/client-address.md). */
export const DEFAULT_CLIENT_ADDRESS_HEADER = 'cf-connecting-ip'
/** Requests without a trusted address share one bucket, allowed this many times a client's limit. */
export const DEFAULT_SHARED_FACTOR = 10

/** The key a client is counted by ('203.0.113.7', '2001:db8:1:2::/64'), or null for the shared bucket. */
export type AddressKey = (headers: Headers) => Promise<string | null>

/**
 * The rule lives once, in SQL (`public.client_address_key`, migration 20261129001000), which the
 * enterprise registration trigger uses too. Only the trusted header is sent: cookies and keys stay here.
 */
export function pgClientAddressKey(sql: Sql, header: string = DEFAULT_CLIENT_ADDRESS_HEADER): AddressKey {
  const name = header.toLowerCase()
  return async (headers) => {
    const value = headers.get(name)
    if (value === null) return null
    const [row] = await sql<{ key: string | null }[]>`
      select public.client_address_key(${sql.json({ [name]: value })}::json, ${name}) as key`
    return row?.key ?? null
  }
}

/** A request's own header, asked to prove the platform sets it (docs/deploy.md): never the address itself. */
const PROBE_HEADER = 'x-client-address-probe'

/**
 * Whether this request's trusted header arrived and holds one address. With `x-client-address-probe`,
 * also whether the header still reads what the caller itself wrote in it: a platform that overwrites
 * the header never lets that through (`echoed: false`).
 */
export type HeaderCheck = { header: string; arrived: boolean; usable: boolean; echoed?: boolean }

export function headerCheck(header: string, addressKey: AddressKey): (req: Request) => Promise<HeaderCheck> {
  const name = header.toLowerCase()
  return async (req) => {
    const value = req.headers.get(name)
    const probe = req.headers.get(PROBE_HEADER)
    return {
      header: name,
      arrived: value !== null && value.trim() !== '',
      usable: (await addressKey(req.headers)) !== null,
      ...(probe === null ? {} : { echoed: value !== null && value.trim() === probe.trim() }),
    }
  }
}
