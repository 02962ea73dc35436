import { describe, expect, it } from 'vitest'
import { leadSource } from '@/content/lead-sources'
import { updateNoteBody } from '../../supabase/functions/_shared/board/update-note.ts'
import { fakeBoard, leadsHandler, NOW, only, postLead, submission } from './support'

// A lead booked from the review check carries the check to the board's update note.
const check = { placeId: 'mock-vet-harbourside', rating: 4.6, reviewCount: 212, rank: 3, radiusKm: 5 } as const
const fromCheck = submission({ source: leadSource('/check'), check })

describe('leads function: a lead from the review check', () => {
  it('records the check with the lead and writes it into the update note', async () => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler()
    const res = await postLead(handler, fromCheck)
    expect(res.status).toBe(200)
    expect((await store.find(fromCheck.submissionId))?.submission.check).toEqual(check)
    const note = String(only(calls, 'create_update')[0]?.variables.body)
    expect(note).toContain('<strong>Review check</strong>')
    expect(note).toContain('<strong>Place id:</strong> mock-vet-harbourside')
    expect(note).toContain('<strong>Rating:</strong> 4.6')
    expect(note).toContain('<strong>Reviews:</strong> 212')
    expect(note).toContain('<strong>Rank:</strong> #3 within 5 km')
  })

  it('says "no reviews yet" for a business without a rating, and leaves the section out without a check', () => {
    const fresh = updateNoteBody({ ...fromCheck, check: { ...check, rating: null, reviewCount: 0 } } as never, NOW)
    expect(fresh).toContain('<strong>Rating:</strong> no reviews yet')
    expect(updateNoteBody(submission() as never, NOW)).not.toContain('Review check')
  })

  it.each([
    ['a place id with a slash', { ...check, placeId: 'a/b' }],
    ['a radius not offered', { ...check, radiusKm: 3 }],
    ['a rank of 0', { ...check, rank: 0 }],
    ['a rating above 5', { ...check, rating: 6 }],
  ])('answers 400 for a check with %s', async (_name, bad) => {
    const { handler } = leadsHandler()
    expect((await postLead(handler, { ...fromCheck, check: bad })).status).toBe(400)
  })
})
