import type { Sql } from '../runtime/db.ts'
import type { RateCounter } from './rate-limit.ts'

/** Fixed windows aligned to the epoch, one row per client and window (`request_limits`). */
export function pgRateCounter(sql: Sql): RateCounter {
  return {
    async hit(bucket, clientHash, windowSeconds) {
      const [row] = await sql<{ hits: number; resets_at: Date }[]>`
        insert into request_limits (bucket, client_hash, window_start, hits)
        values (${bucket}, ${clientHash}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
        on conflict (bucket, client_hash, window_start) do update set hits = request_limits.hits + 1, last_hit_at = now()
        returning hits, window_start + make_interval(secs => ${windowSeconds}) as resets_at`
      return { hits: row!.hits, resetsAt: row!.resets_at }
    },
  }
}

/** Windows older than a day are of no use to anyone; redelivery sweeps them every run. */
export async function pruneRateLimits(sql: Sql): Promise<number> {
  const rows = await sql`delete from request_limits where window_start < now() - interval '1 day'`
  return rows.count
}
