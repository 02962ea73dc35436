import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { videoMuteMachine } from '@/machines/video-mute.machine'

const start = (autoplay = true) => createActor(videoMuteMachine, { input: { autoplay } }).start()

describe('videoMuteMachine', () => {
  it('starts muted, with the source deferred until the visitor is near', () => {
    expect(start().getSnapshot().value).toEqual({ sound: 'muted', playback: 'deferred' })
  })

  it('the mute toggle switches sound on and off without touching playback', () => {
    const actor = start()
    actor.send({ type: 'video.nearViewport' })
    actor.send({ type: 'video.toggleMute' })
    expect(actor.getSnapshot().value).toEqual({ sound: 'unmuted', playback: 'playing' })
    actor.send({ type: 'video.toggleMute' })
    expect(actor.getSnapshot().value).toEqual({ sound: 'muted', playback: 'playing' })
  })

  it('plays once near the viewport, and play/pause toggles it', () => {
    const actor = start()
    actor.send({ type: 'video.nearViewport' })
    expect(actor.getSnapshot().matches({ playback: 'playing' })).toBe(true)
    actor.send({ type: 'video.togglePlay' })
    expect(actor.getSnapshot().matches({ playback: 'paused' })).toBe(true)
    actor.send({ type: 'video.togglePlay' })
    expect(actor.getSnapshot().matches({ playback: 'playing' })).toBe(true)
    actor.send({ type: 'video.ended' })
    expect(actor.getSnapshot().matches({ playback: 'paused' })).toBe(true)
  })

  it('without autoplay (reduced motion) it loads paused and plays only when asked', () => {
    const actor = start(false)
    actor.send({ type: 'video.nearViewport' })
    expect(actor.getSnapshot().value).toEqual({ sound: 'muted', playback: 'paused' })
    actor.send({ type: 'video.togglePlay' })
    expect(actor.getSnapshot().matches({ playback: 'playing' })).toBe(true)
  })

  it('pressing play before scrolling near loads and plays at once', () => {
    const actor = start(false)
    actor.send({ type: 'video.togglePlay' })
    expect(actor.getSnapshot().matches({ playback: 'playing' })).toBe(true)
  })
})
