import { sha256Hex } from '../limits/rate-limit.ts'
import type { Sql } from '../runtime/db.ts'

/** Which tokens were taken, for as long as they live: a token is taken once, whichever function it is sent to. */
export interface TokenLedger {
  /** True when the token is new, or taken before under the same key (a retry of one submission). */
  use(token: string, useKey: string, expiresAt: Date): Promise<boolean>
}

/** `turnstile_tokens` (migration 20261130020000): only the token's SHA-256 is kept, and expired rows are swept as new ones come. */
export function pgTokenLedger(sql: Sql): TokenLedger {
  return {
    async use(token, useKey, expiresAt) {
      const hash = await sha256Hex(token)
      const [row] = await sql<{ taken: boolean }[]>`
        with swept as (
          delete from turnstile_tokens
           where token_hash in (select token_hash from turnstile_tokens where expires_at < now() limit 20)
        )
        insert into turnstile_tokens as taken (token_hash, use_key, expires_at)
        values (${hash}, ${useKey}, ${expiresAt})
        on conflict (token_hash) do update set use_key = taken.use_key
          where taken.use_key = excluded.use_key
        returning true as taken`
      return row?.taken === true
    },
  }
}
