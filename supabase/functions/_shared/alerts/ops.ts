import { link } from './links.ts'
import { strong, type TextFormat } from './text.ts'

// Read where it is used, and optionally: the builders also run in the site's node tests, which have no Deno.
const setting = (name: string): string | undefined =>
  (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno?.env.get(name)?.trim() || undefined

export const DEFAULT_RUNBOOK_BASE = 'docs'

/** What every operational alert names: the environment (APP_ENV) and where the runbooks are (RUNBOOK_BASE_URL). */
export type OpsContext = { environment: string; runbookBase: string }

export const opsContext = (): OpsContext => ({
  environment: setting('APP_ENV') ?? 'APP_ENV not set',
  runbookBase: (setting('RUNBOOK_BASE_URL') ?? DEFAULT_RUNBOOK_BASE).replace(/\/+$/, ''),
})

/** 'lead-alerts.md#failed-leads' under the runbook base: a docs page and the anchor of its section. */
export const runbookUrl = (ops: OpsContext, page: string) => `${ops.runbookBase}/${page}`

/** The heading of an operational alert: the environment first, so a staging alert is never mistaken for production. */
export const opsHeading = (ops: OpsContext, title: string, format: TextFormat) => strong(`[${ops.environment}] ${title}`, format)

/** The three lines every operational alert ends with. */
export function opsFooter(ops: OpsContext, step: { happened: string; next: string; runbook: string }, format: TextFormat): string[] {
  return [
    `Already happened: ${step.happened}`,
    `Next step: ${step.next}`,
    `Runbook: ${/^https?:\/\//.test(ops.runbookBase) ? link(runbookUrl(ops, step.runbook), step.runbook, format) : runbookUrl(ops, step.runbook)}`,
  ]
}
