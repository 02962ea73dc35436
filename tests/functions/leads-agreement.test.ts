import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { leadFormMachine, type LeadValues, type SubmitLeadInput } from '@/machines/lead-form.machine'
import { LeadSubmissionSchema } from '@/schemas/lead'
import { leadSource } from '@/content/lead-sources'
import { typedLeads } from '../support/lead-arbitraries'
import { leadsHandler, postLead } from './support'
import { tokenAtOnce } from '../machines/token-fakes'

// Issue 38: the form and the function agree on every value. For each generated lead the form's own
// check either marks a field (and then the function refuses exactly those fields), or the lead goes
// out as the page sends it (the route parses it with the shared schema) and the function takes it.

/** The form's machine as the page runs it: what it marks, or what it hands to the route to send. */
function submitOnForm({ business, ...fields }: LeadValues) {
  let sent: SubmitLeadInput | undefined
  const machine = leadFormMachine.provide({
    actors: {
      botCheck: tokenAtOnce(),
      submitLead: fromPromise<{ id: string }, SubmitLeadInput>(async ({ input }) => {
        sent = input
        return new Promise(() => {})
      }),
    },
  })
  const actor = createActor(machine, { input: { tracking: { platform: '', keyword: '' }, source: leadSource('/vet') } }).start()
  for (const [field, value] of Object.entries(fields) as [keyof typeof fields, string][])
    actor.send({ type: 'field.changed', field, value })
  actor.getSnapshot().context.address.send({ type: 'query.changed', value: business })
  actor.send({ type: 'lead.submit' })
  const { fieldErrors } = actor.getSnapshot().context
  actor.stop()
  return { fieldErrors, sent }
}

type Answer = { id?: string; issues?: { path: string }[] }

describe('leads: the form and the function agree on every lead', { timeout: 60_000 }, () => {
  it('either the form marks a field, which the function also refuses, or the function takes the lead', async () => {
    const { answerOnly } = leadsHandler()
    const seen = { marked: 0, taken: 0 }
    await fc.assert(
      fc.asyncProperty(typedLeads, async (typed) => {
        const { fieldErrors, sent } = submitOnForm(typed)
        const marked = Object.keys(fieldErrors)
        if (marked.length > 0) {
          seen.marked++
          expect(sent).toBeUndefined()
          const refused = await postLead(answerOnly, { ...validSubmission(), lead: typed })
          expect(refused.status).toBe(400)
          const paths = ((await refused.json()) as Answer).issues!.map((issue) => issue.path)
          expect([...new Set(paths)].sort()).toEqual(marked.map((field) => `lead.${field}`).sort())
          return
        }
        seen.taken++
        expect(sent).toBeDefined()
        const submission = v.parse(LeadSubmissionSchema, sent)
        const answer = await postLead(answerOnly, submission)
        expect(answer.status).toBe(200)
        expect(((await answer.json()) as Answer).id).toBeTruthy()
      }),
      { numRuns: 250 },
    )
    expect(Math.min(seen.marked, seen.taken)).toBeGreaterThan(25)
  })

  it("marks 'jane@clinic' on the e-mail, which the function refuses too", async () => {
    const { fieldErrors, sent } = submitOnForm({ ...validLead, email: 'jane@clinic' })
    expect(fieldErrors).toEqual({ email: 'Please enter a valid email' })
    expect(sent).toBeUndefined()
    const { answerOnly } = leadsHandler()
    const answer = await postLead(answerOnly, { ...validSubmission(), lead: { ...validLead, email: 'jane@clinic' } })
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as Answer).issues).toEqual([{ path: 'lead.email', message: 'Please enter a valid email' }])
  })
})

const validLead: LeadValues = {
  locations: '1',
  name: 'Jane Doe',
  phone: '0422 470 721',
  email: 'jane@clinic.com.au',
  business: '1 Main St',
  note: '',
}
const validSubmission = () => ({
  submissionId: crypto.randomUUID(),
  lead: validLead,
  tracking: { platform: '', keyword: '' },
  source: leadSource('/vet'),
  guard: { honeypot: '', fillMs: 12_000 },
})
