import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { joinUsDialogMachine } from '@/machines/join-us-dialog.machine'

describe('joinUsDialogMachine', () => {
  it('starts open: it is created by the first activation', () => {
    expect(createActor(joinUsDialogMachine).start().getSnapshot().value).toBe('open')
  })

  it('closes, and opens again on the next request', () => {
    const actor = createActor(joinUsDialogMachine).start()
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toBe('closed')
    actor.send({ type: 'dialog.open' })
    expect(actor.getSnapshot().value).toBe('open')
  })

  it('opening an open dialog or closing a closed one changes nothing', () => {
    const actor = createActor(joinUsDialogMachine).start()
    actor.send({ type: 'dialog.open' })
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: 'dialog.close' })
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })
})
