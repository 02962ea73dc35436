import { StrictMode } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOCAL_VET_VIDEO, VetVideo } from '@/routes/-components/vet-video'

// jsdom has no media playback or IntersectionObserver: record what the page asks the element to do.
let observed: ((entries: { isIntersecting: boolean }[]) => void) | undefined
beforeEach(() => {
  observed = undefined
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        observed = callback
      }
      observe() {}
      disconnect() {}
    },
  )
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true })
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true })
  })
})
afterEach(() => vi.unstubAllGlobals())

const video = () => document.querySelector('video')!

describe('VetVideo', () => {
  it('shows only the poster until the visitor is near, then plays muted; the toggle unmutes and mutes', async () => {
    const user = userEvent.setup()
    render(
      <StrictMode>
        <VetVideo />
      </StrictMode>,
    )
    expect(video()).toHaveAttribute('preload', 'none')
    expect(video()).toHaveAttribute('poster', LOCAL_VET_VIDEO.poster)
    expect(video()).not.toHaveAttribute('src')
    expect(screen.getByRole('button', { name: 'Unmute video' })).toBeInTheDocument()

    await vi.waitFor(() => expect(observed).toBeDefined())
    observed!([{ isIntersecting: true }])
    await vi.waitFor(() => expect(video()).toHaveAttribute('src', LOCAL_VET_VIDEO.src))
    expect(video().muted).toBe(true)
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Unmute video' }))
    expect(video().muted).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Mute video' }))
    expect(video().muted).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Pause video' }))
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Play video' })).toBeInTheDocument()
  })
})
