import { setup } from 'xstate'

export type VideoMuteEvent =
  { type: 'video.toggleMute' } | { type: 'video.togglePlay' } | { type: 'video.nearViewport' } | { type: 'video.ended' }

export interface VideoMuteInput {
  /** Visitors who asked for reduced motion get the video paused until they press play. */
  autoplay: boolean
}

/**
 * The veterinary video: its source is attached only once the visitor scrolls near it; it starts
 * muted, and sound and playback are toggled independently.
 */
export const videoMuteMachine = setup({
  types: {
    input: {} as VideoMuteInput,
    context: {} as VideoMuteInput,
    events: {} as VideoMuteEvent,
  },
  guards: {
    autoplay: ({ context }) => context.autoplay,
  },
}).createMachine({
  id: 'videoMute',
  context: ({ input }) => ({ autoplay: input.autoplay }),
  type: 'parallel',
  states: {
    sound: {
      initial: 'muted',
      states: {
        muted: { on: { 'video.toggleMute': { target: 'unmuted' } } },
        unmuted: { on: { 'video.toggleMute': { target: 'muted' } } },
      },
    },
    playback: {
      initial: 'deferred',
      states: {
        deferred: {
          on: {
            'video.nearViewport': [{ guard: 'autoplay', target: 'playing' }, { target: 'paused' }],
            'video.togglePlay': { target: 'playing' },
          },
        },
        paused: { on: { 'video.togglePlay': { target: 'playing' } } },
        playing: {
          on: {
            'video.togglePlay': { target: 'paused' },
            'video.ended': { target: 'paused' },
          },
        },
      },
    },
  },
})
