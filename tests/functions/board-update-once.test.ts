import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBoardClient } from '../../supabase/functions/_shared/board/client.ts'
import { createUpdateOnce } from '../../supabase/functions/_shared/board/update-once.ts'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { loopbackPassesThrough } from './support'

// createUpdateOnce against the fake board, which answers `items(ids) { updates }` from the notes it holds.
let board: FakeBoard

beforeAll(async () => {
  board = await startFakeBoard()
})
afterAll(() => board?.close())
beforeEach(() => {
  loopbackPassesThrough()
  board.refuse(null)
})

const client = () =>
  createBoardClient({ token: 'token', apiUrl: board.url, fetch, sleep: async () => {}, timeoutMs: 1_000, maxRetryAfterMs: 0 })

async function newItem(submissionId: string): Promise<string> {
  const item = await client().createItem({
    boardId: '1',
    groupId: 'g',
    itemName: 'Enterprise: Acme',
    columnValues: JSON.stringify({ submission_id: submissionId }),
  })
  if (!item.ok) throw new Error(item.failure.message)
  return item.id
}
const notesOn = (itemId: string) => board.notes.filter((note) => note.itemId === itemId)

describe('createUpdateOnce: a board note looked up by its reference line before it is created', () => {
  it('adds the reference line as the last paragraph; a fresh item is not looked up', async () => {
    const itemId = await newItem('s-fresh')
    const sent = await createUpdateOnce(client(), { itemId, body: '<p>Plan: Growth</p>', ref: 'reg-fresh/note', itemIsNew: true })
    expect(sent).toMatchObject({ ok: true })
    expect(notesOn(itemId).map((note) => note.body)).toEqual(['<p>Plan: Growth</p><p>Ref: reg-fresh/note</p>'])
    expect(board.requests.filter((r) => r.operation === 'item_updates' && r.variables.itemId === itemId)).toHaveLength(0)
  })

  it('a note taken whose answer was lost is found on the retry, and nothing is created twice', async () => {
    const itemId = await newItem('s-lost')
    board.fail('create_update', 'created-lost')
    const first = await createUpdateOnce(client(), { itemId, body: '<p>Plan</p>', ref: 'reg-lost/note', itemIsNew: true })
    expect(first.ok).toBe(false)
    expect(notesOn(itemId)).toHaveLength(1)

    const retry = await createUpdateOnce(client(), { itemId, body: '<p>Plan</p>', ref: 'reg-lost/note' })
    expect(retry).toEqual({ ok: true, id: notesOn(itemId)[0]!.id, existing: true })
    expect(notesOn(itemId)).toHaveLength(1)
  })

  it("staff's own updates, and another note whose reference only begins the same, do not count as the note", async () => {
    const itemId = await newItem('s-staff')
    await client().createUpdate({ itemId, body: '<p>Called them, see Ref: reg-1/notes from sales</p>' })
    await client().createUpdate({ itemId, body: '<p>Other</p><p>Ref: reg-10/note</p>' })
    const sent = await createUpdateOnce(client(), { itemId, body: '<p>Plan</p>', ref: 'reg-1/note' })
    expect(sent).toMatchObject({ ok: true })
    expect(sent).not.toHaveProperty('existing')
    expect(notesOn(itemId)).toHaveLength(3)
    // Once there, a further retry finds it.
    expect(await createUpdateOnce(client(), { itemId, body: '<p>Plan</p>', ref: 'reg-1/note' })).toMatchObject({ existing: true })
    expect(notesOn(itemId)).toHaveLength(3)
  })

  it('a look-up the board refuses creates nothing and answers the failure, to be retried', async () => {
    const itemId = await newItem('s-refused')
    board.fail('item_updates', 'http-500')
    const sent = await createUpdateOnce(client(), { itemId, body: '<p>Plan</p>', ref: 'reg-refused/note' })
    expect(sent).toMatchObject({ ok: false, failure: { reason: 'http', status: 500 } })
    expect(notesOn(itemId)).toHaveLength(0)
  })
})
