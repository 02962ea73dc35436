import type { Sql } from '../runtime/db.ts'
import type { LeadStore } from './lead-store.ts'

/**
 * The leads outbox, storing each new lead's attribution (docs/attribution.md) right after the lead
 * itself: a column of its own, never a status, written once (a resubmission keeps the first). The
 * lead it answers carries it, so the delivery that follows at once writes it into the board note.
 * Apart from the record so that how a lead is first recorded (its status) stays in one place.
 */
export function storingAttribution(store: LeadStore, sql: Sql): LeadStore {
  return {
    ...store,
    async record(input) {
      const lead = await store.record(input)
      const { attribution } = input.submission
      if (!attribution || lead.submission.attribution) return lead
      const stored = await sql`
        update public.leads set attribution = ${sql.json(attribution)} where id = ${lead.id} and attribution is null returning id`
      return stored.length === 1 ? { ...lead, submission: { ...lead.submission, attribution } } : lead
    },
  }
}
