import type { AlertContent } from '../alerts/channels.ts'
import { boardLine } from '../alerts/links.ts'
import { opsContext, opsFooter, opsHeading, type OpsContext } from '../alerts/ops.ts'
import type { DecisionItem } from './decision-store.ts'

const WHAT: Record<string, string> = { lead: 'a lead', registration: 'an enterprise registration', booking: 'a booking' }

/** Ops, once: the board kept refusing to follow a decision that already holds on the record. */
export function decisionFailedAlert(
  item: Pick<DecisionItem, 'itemId' | 'decision' | 'subjectKind'>,
  detail: string,
  ops: OpsContext = opsContext(),
): AlertContent {
  const released = item.decision === 'release'
  const title = `Board decision not shown on the board: ${released ? 'Release' : 'Not genuine'}`
  return (format) => ({
    subject: `[${ops.environment}] ${title}`,
    text: [
      opsHeading(ops, title, format),
      `A person set '${released ? 'Release' : 'Not genuine'}' on ${WHAT[item.subjectKind ?? ''] ?? 'an item'}; the board refused the follow-up: ${detail}`,
      boardLine(item.itemId, format),
      ...opsFooter(
        ops,
        {
          happened: released
            ? 'the decision is on the record and sales is told as usual; the item is still in Needs a look.'
            : 'the decision is on the record and nothing will be sent; the item has no note saying so.',
          next: released
            ? "move the item to its usual group and take 'Unverified' (or 'Held', 'Spam?') off its name."
            : "add a note to the item: 'Not genuine: nothing will be sent'.",
          runbook: 'lead-alerts.md#decide-on-the-board',
        },
        format,
      ),
    ].join('\n'),
  })
}
