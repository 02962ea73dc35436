import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { dialogMachine } from '@/machines/dialog.machine'

describe('dialogMachine', () => {
  it('starts closed', () => {
    expect(createActor(dialogMachine).start().getSnapshot().value).toBe('closed')
  })

  it('opens and closes', () => {
    const actor = createActor(dialogMachine).start()
    actor.send({ type: 'dialog.open' })
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('opening an open dialog or closing a closed one changes nothing', () => {
    const actor = createActor(dialogMachine).start()
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toBe('closed')
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'dialog.open' })
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('starts open from a resolved open state (the Join Us dialog, mounted by its first activation), and closes and opens again', () => {
    const actor = createActor(dialogMachine, { snapshot: dialogMachine.resolveState({ value: 'open' }) }).start()
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toBe('closed')
    actor.send({ type: 'dialog.open' })
    expect(actor.getSnapshot().value).toBe('open')
  })
})
