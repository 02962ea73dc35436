import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { noteToggleMachine } from '@/machines/note-toggle.machine'

function start() {
  const clearNote = vi.fn()
  const actor = createActor(noteToggleMachine.provide({ actions: { clearNote } })).start()
  return { actor, clearNote }
}

describe('noteToggleMachine', () => {
  it('starts hidden', () => {
    expect(start().actor.getSnapshot().value).toBe('hidden')
  })

  it('add shows the note; remove hides it and clears the text', () => {
    const { actor, clearNote } = start()
    actor.send({ type: 'note.add' })
    expect(actor.getSnapshot().value).toBe('shown')
    expect(clearNote).not.toHaveBeenCalled()
    actor.send({ type: 'note.remove' })
    expect(actor.getSnapshot().value).toBe('hidden')
    expect(clearNote).toHaveBeenCalledTimes(1)
  })

  it('remove while hidden clears a note typed before hydration and stays hidden; the note can be added again', () => {
    const { actor, clearNote } = start()
    actor.send({ type: 'note.remove' })
    expect(clearNote).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe('hidden')
    actor.send({ type: 'note.add' })
    actor.send({ type: 'note.add' })
    expect(actor.getSnapshot().value).toBe('shown')
  })
})
