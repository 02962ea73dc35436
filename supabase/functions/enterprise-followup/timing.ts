/**
 * enterprise-followup's time, in one place. Cron calls it every minute and stops waiting for the
 * answer after 55 s (`*_enterprise_followup.sql`), so a run ends well inside the minute.
 */
export const FOLLOWUP_TIMING = {
  /**
   * No new registration is claimed after this. One claimed just before may still make about ten
   * outside calls (board ×3, the alert channels, the e-mail, Stripe ×5), each within its own timeout.
   */
  budgetMs: 15_000,
  /**
   * Longer than the slowest single call (a Stripe, Resend or board timeout) and than one
   * registration's usual pass, so another run rarely takes a claim over; when it does, the claim
   * token makes the first run's late writes change nothing.
   */
  leaseMs: 90_000,
}
