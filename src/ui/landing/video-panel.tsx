import { useEffect, useRef } from 'react'

export type VideoPanelProps = {
  src: string
  poster: string
  label: string
  /** Attach the source only once the visitor is near: until then only the poster loads. */
  sourceAttached: boolean
  muted: boolean
  playing: boolean
  onNearViewport: () => void
  onToggleMute: () => void
  onTogglePlay: () => void
  onStopped: () => void
}

const icons = {
  muted: 'M11 5 6 9H3v6h3l5 4V5Zm5 4 5 6m0-6-5 6',
  unmuted: 'M11 5 6 9H3v6h3l5 4V5Zm4.5 3.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12',
  play: 'M8 5v14l11-7L8 5Z',
  pause: 'M8 5h3v14H8zM13 5h3v14h-3z',
}

/** A video with its own sound and play buttons; the DOM element follows the props. */
export function VideoPanel(props: VideoPanelProps) {
  const { muted, playing, sourceAttached, onNearViewport, onStopped } = props
  const videoRef = useRef<HTMLVideoElement>(null)

  useEffect(() => {
    const video = videoRef.current
    if (!video || sourceAttached) return
    if (typeof IntersectionObserver === 'undefined') return onNearViewport()
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onNearViewport(), {
      rootMargin: '200px 0px',
    })
    observer.observe(video)
    return () => observer.disconnect()
  }, [sourceAttached, onNearViewport])

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    video.muted = muted
    if (playing && video.paused) video.play().catch(() => onStopped())
    else if (!playing && !video.paused) video.pause()
  }, [muted, playing, sourceAttached, onStopped])

  return (
    <figure className="relative overflow-hidden rounded-2xl bg-brand-950 shadow-float ring-1 ring-black/5">
      <video
        ref={videoRef}
        src={sourceAttached ? props.src : undefined}
        poster={props.poster}
        preload="none"
        muted
        loop
        playsInline
        width={640}
        height={360}
        aria-label={props.label}
        className="aspect-video h-auto w-full"
      />
      <div className="absolute right-3 bottom-3 flex gap-2">
        <ControlButton
          label={playing ? 'Pause video' : 'Play video'}
          path={playing ? icons.pause : icons.play}
          onClick={props.onTogglePlay}
        />
        <ControlButton
          label={muted ? 'Unmute video' : 'Mute video'}
          path={muted ? icons.muted : icons.unmuted}
          onClick={props.onToggleMute}
        />
      </div>
      <figcaption className="sr-only">{props.label}</figcaption>
    </figure>
  )
}

function ControlButton({ label, path, onClick }: { label: string; path: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-11 place-items-center rounded-full bg-slate-900/75 text-white ring-1 ring-white/30 backdrop-blur transition hover:bg-slate-900"
    >
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d={path} />
      </svg>
    </button>
  )
}
