import { describe, expect, it } from 'vitest'
import { leadSource } from '@/content/lead-sources'
import { updateNoteBody } from '../../supabase/functions/_shared/board/update-note.ts'
import { fakeBoard, leadsHandler, NOW, only, postLead, submission } from './support'

// A lead booked from the free AI reply carries what was tried to the board's update note.
const reply = { rating: 1, tone: 'professional', kind: 'health', source: 'ai', businessName: 'Harbourside Vets' } as const
const fromReply = submission({
  source: leadSource('/reply'),
  lead: { ...submission().lead, business: '221 King Street, Newtown NSW' },
  reply,
})

describe('leads function: a lead from the AI reply', () => {
  it('records the reply settings with the lead and writes them into the update note', async () => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler()
    expect((await postLead(handler, fromReply)).status).toBe(200)
    expect((await store.find(fromReply.submissionId))?.submission.reply).toEqual(reply)
    const note = String(only(calls, 'create_update')[0]?.variables.body)
    expect(note).toContain('<strong>AI reply tried</strong>')
    expect(note).toContain('<strong>Business name:</strong> Harbourside Vets')
    expect(note).toContain('<strong>Business address:</strong> 221 King Street, Newtown NSW')
    expect(note).toContain('<strong>Rating:</strong> 1 of 5')
    expect(note).toContain('<strong>Tone:</strong> professional')
    expect(note).toContain('<strong>Business kind:</strong> veterinary / health')
    expect(note).toContain('<strong>Draft from:</strong> the AI model')
    expect(note).toContain('<strong>Page:</strong> AI Reply Page')
  })

  it('names a template draft, and leaves the section out of an ordinary lead', () => {
    expect(updateNoteBody({ ...fromReply, reply: { ...reply, source: 'template' } } as never, NOW)).toContain(
      '<strong>Draft from:</strong> a template',
    )
    expect(updateNoteBody(submission() as never, NOW)).not.toContain('AI reply')
  })

  it.each([
    ['a rating of 0', { ...reply, rating: 0 }],
    ['an unknown tone', { ...reply, tone: 'angry' }],
    ['an unknown source', { ...reply, source: 'human' }],
    ['a business name over 100 characters', { ...reply, businessName: 'B'.repeat(101) }],
    ['the review text', { ...reply, review: 'The vet was rude' }],
  ])('answers 400 for a reply with %s', async (_name, bad) => {
    const { handler } = leadsHandler()
    expect((await postLead(handler, { ...fromReply, reply: bad })).status).toBe(400)
  })
})
