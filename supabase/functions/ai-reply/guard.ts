import { checkReply, type SafetyContext, type Violation } from '../../../src/lib/reply-safety.ts'

export type GuardStep = { ok: true; send: string } | { ok: false; violations: Violation[] }

/** The end of the last whole sentence (or line) in `text`, after its trailing space; 0 if none. */
export function sentenceEnd(text: string): number {
  let end = 0
  for (const match of text.matchAll(/[.!?…]+["'’”)\]]*\s+|\n+/g)) end = match.index + match[0].length
  return end
}

/**
 * Holds the model's text back until it is checked. Only whole sentences are released, and only
 * when everything released so far, with them, passes every check; `finish` checks the whole reply
 * as final (length, the health call invitation) before the rest is sent. A failed step means the
 * text must be replaced by the template.
 */
export function createReplyGuard(context: SafetyContext) {
  let text = ''
  let released = 0

  const release = (upTo: number, final: boolean): GuardStep => {
    const candidate = text.slice(0, upTo)
    const violations = checkReply(candidate, context, { final })
    if (violations.length > 0) return { ok: false, violations }
    const send = candidate.slice(released)
    released = upTo
    return { ok: true, send }
  }

  return {
    push(delta: string): GuardStep {
      text += delta
      const end = sentenceEnd(text)
      return end > released ? release(end, false) : { ok: true, send: '' }
    },
    finish(): GuardStep {
      text = text.trimEnd()
      return release(text.length, true)
    },
    /** Everything the model wrote so far (released or not). */
    text: () => text,
  }
}

export type GuardedReply = { text: string; source: 'ai' } | { text: null; violations: Violation[] }

/** A whole model reply through the guard, delta by delta, as the function streams it. */
export function guardAll(context: SafetyContext, deltas: readonly string[]): GuardedReply {
  const guard = createReplyGuard(context)
  for (const delta of deltas) {
    const step = guard.push(delta)
    if (!step.ok) return { text: null, violations: step.violations }
  }
  const last = guard.finish()
  return last.ok ? { text: guard.text(), source: 'ai' } : { text: null, violations: last.violations }
}
