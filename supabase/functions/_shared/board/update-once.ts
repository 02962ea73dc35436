import type { BoardClient, BoardResult } from './client.ts'

// The board takes no idempotency key: a note whose answer was lost is found by its reference line.
// Staff add updates too, so the look-up reads further back than a retry could be.
export const UPDATES_LOOKED_UP = 100

/** The line that marks a note as ours, e.g. `Ref: reg-<id>/note`; it reads as a plain reference for staff. */
export const referenceLine = (ref: string) => `Ref: ${ref}`

export type UpdateOnce = {
  itemId: string
  /** HTML body; the reference line is added at its end. */
  body: string
  /** Stable for this note, whatever attempt sends it: `reg-<id>/note`. */
  ref: string
  /** The item was created in this same run, so it cannot hold the note yet: no look-up. */
  itemIsNew?: boolean
}

export type UpdateOnceResult = BoardResult & { existing?: boolean }

/** Creates the update unless one on the item already carries its reference line (an earlier try whose answer was lost). */
export async function createUpdateOnce(client: BoardClient, note: UpdateOnce): Promise<UpdateOnceResult> {
  const marker = referenceLine(note.ref)
  if (!note.itemIsNew) {
    const found = await client.itemUpdates({ itemId: note.itemId, limit: UPDATES_LOOKED_UP })
    if (!found.ok) return found
    const existing = found.updates.find((update) => carries(update.textBody, marker) || carries(update.body, marker))
    if (existing) return { ok: true, id: existing.id, existing: true }
  }
  return client.createUpdate({ itemId: note.itemId, body: `${note.body}<p>${marker}</p>` })
}

/** The marker as a whole line's end: `Ref: reg-1/note` is not found in `Ref: reg-10/note`. */
function carries(text: string, marker: string): boolean {
  const at = text.indexOf(marker)
  if (at < 0) return false
  const next = text.charAt(at + marker.length)
  return next === '' || next === '<' || /\s/.test(next)
}
