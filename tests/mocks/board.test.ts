import { describe, expect, it } from 'vitest'
import { BOARD_API_URL } from '@mocks/handlers/board'
import { CREATE_ITEM, CREATE_UPDATE } from '../../supabase/functions/_shared/board/client.ts'

const post = (body: unknown, headers: Record<string, string> = { authorization: 'token' }) =>
  fetch(BOARD_API_URL, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('board API mock (node MSW server)', () => {
  it('creates an item and an update like the board does', async () => {
    const item = await (
      await post({ query: CREATE_ITEM, variables: { boardId: '1', groupId: 'topics', itemName: 'Lead: A', columnValues: '{"name":"A"}' } })
    ).json()
    expect(item).toEqual({ data: { create_item: { id: expect.stringMatching(/^\d+$/) } } })
    const update = await (await post({ query: CREATE_UPDATE, variables: { itemId: item.data.create_item.id, body: '<p>hi</p>' } })).json()
    expect(update.data.create_update.id).toMatch(/^\d+$/)
  })

  it('answers application errors as HTTP 200 with errors[], and a missing token with 401', async () => {
    const bad = await post({ query: CREATE_ITEM, variables: { boardId: '1', itemName: 'Lead: A', columnValues: { name: 'A' } } })
    expect(bad.status).toBe(200)
    expect((await bad.json()).errors[0].extensions.code).toBe('ColumnValueException')
    expect((await post({ query: CREATE_ITEM }, {})).status).toBe(401)
  })
})
