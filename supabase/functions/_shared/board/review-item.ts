import * as v from 'valibot'
import type { BoardClient, BoardFailure } from './client.ts'
import { REVIEW_PREFIX } from './needs-a-look.ts'

/** Where an item is and what it is called: a release reads both before it moves or renames anything. */
export const ITEM_PLACE = /* GraphQL */ `
  query ItemPlace($itemId: ID!) {
    items(ids: [$itemId]) {
      id
      name
      group {
        id
      }
    }
  }
`

export const MOVE_ITEM = /* GraphQL */ `
  mutation MoveItemToGroup($itemId: ID!, $groupId: String!) {
    move_item_to_group(item_id: $itemId, group_id: $groupId) {
      id
    }
  }
`

/** The item's name is its `name` column. */
export const RENAME_ITEM = /* GraphQL */ `
  mutation RenameItem($boardId: ID!, $itemId: ID!, $columnId: String!, $value: String!) {
    change_simple_column_value(board_id: $boardId, item_id: $itemId, column_id: $columnId, value: $value) {
      id
    }
  }
`

export const USER_NAME = /* GraphQL */ `
  query UserName($userId: ID!) {
    users(ids: [$userId]) {
      id
      name
    }
  }
`

export type ItemPlace = { name: string; groupId: string | undefined }
export type BoardStep<T> = { ok: true; value: T } | { ok: false; failure: BoardFailure }

const Items = v.array(
  v.object({ id: v.union([v.string(), v.number()]), name: v.string(), group: v.nullish(v.object({ id: v.string() })) }),
)
const Users = v.array(v.object({ name: v.string() }))
const invalid = (message: string): BoardStep<never> => ({ ok: false, failure: { reason: 'invalid-response', message } })

/** The item's name and group; undefined when the board no longer has it (deleted). */
export async function itemPlace(client: BoardClient, itemId: string): Promise<BoardStep<ItemPlace | undefined>> {
  const raw = await client.query(ITEM_PLACE, { itemId }, 'items')
  if (!raw.ok) return raw
  const items = v.safeParse(Items, raw.value)
  if (!items.success) return invalid('no items in the item answer')
  const item = items.output[0]
  return { ok: true, value: item && { name: item.name, groupId: item.group?.id } }
}

export async function moveItem(client: BoardClient, itemId: string, groupId: string): Promise<BoardStep<true>> {
  const raw = await client.query(MOVE_ITEM, { itemId, groupId }, 'move_item_to_group')
  return raw.ok ? { ok: true, value: true } : raw
}

export async function renameItem(client: BoardClient, boardId: string, itemId: string, name: string): Promise<BoardStep<true>> {
  const raw = await client.query(RENAME_ITEM, { boardId, itemId, columnId: 'name', value: name }, 'change_simple_column_value')
  return raw.ok ? { ok: true, value: true } : raw
}

/** The person's name as the board shows it; undefined when the board has no such user. */
export async function userName(client: BoardClient, userId: string): Promise<BoardStep<string | undefined>> {
  const raw = await client.query(USER_NAME, { userId }, 'users')
  if (!raw.ok) return raw
  const users = v.safeParse(Users, raw.value)
  return users.success ? { ok: true, value: users.output[0]?.name } : invalid('no users in the user answer')
}

/**
 * The name without the reasons it waited for ('Unverified, Held – Enterprise: Acme' → 'Enterprise:
 * Acme'), or undefined when it does not start with one (a person renamed it, or an earlier try
 * already did): only known reasons are taken off, the rest is kept exactly as the board has it.
 */
export function nameWithoutReviewPrefix(name: string): string | undefined {
  const reasons = Object.values(REVIEW_PREFIX)
  let rest = name
  for (;;) {
    const lower = rest.toLowerCase()
    // A whole word only: 'Held' is not the start of 'Helden GmbH'.
    const reason = reasons.find((prefix) => lower.startsWith(prefix.toLowerCase()) && /^($|[\s,:\-–—|])/.test(rest.slice(prefix.length)))
    if (!reason) break
    rest = rest.slice(reason.length).replace(/^[\s,:\-–—|]+/, '')
  }
  const stripped = rest.trim()
  return stripped === name || stripped === '' ? undefined : stripped
}
