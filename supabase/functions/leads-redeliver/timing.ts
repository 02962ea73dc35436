/**
 * leads-redeliver's time, in one place. Cron calls it every minute and stops waiting for the answer
 * after 55 s (`*_leads_redeliver_cron.sql`). One lead takes at most three board calls of 4 s (look-up,
 * item, note), so a lead claimed just before the budget ends is done by 40 + 12 = 52 s.
 */
export const REDELIVER_TIMING = {
  /** No new lead is claimed after this. */
  budgetMs: 40_000,
}
// The lease (LEADS_LEASE_MS) is the leads' own setting: `_shared/delivery/config.ts`.
