import { useCallback } from 'react'
import { readVetVideoUrl } from '@/config'
import { vetContent } from '@/content/landing'
import { videoMuteMachine } from '@/machines/video-mute.machine'
import { useAppActor } from '@/lib/use-app-actor'
import { VideoPanel } from '@/ui/landing/video-panel'

/** Stands in when VITE_VET_VIDEO_URL is not set: a 100 KB clip shipped with the site. */
export const LOCAL_VET_VIDEO = { src: '/media/vet-clinic.mp4', poster: '/media/vet-clinic-poster.webp' } as const

// Read once per module: build-time constants, the same on the server and in the browser.
const videoUrl = readVetVideoUrl() ?? LOCAL_VET_VIDEO.src

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

export function VetVideo() {
  const [video, videoRef] = useAppActor(videoMuteMachine, { input: { autoplay: !prefersReducedMotion() } })
  const onNearViewport = useCallback(() => videoRef.send({ type: 'video.nearViewport' }), [videoRef])
  const onStopped = useCallback(() => videoRef.send({ type: 'video.ended' }), [videoRef])
  return (
    <VideoPanel
      src={videoUrl}
      poster={LOCAL_VET_VIDEO.poster}
      label={vetContent.video.label}
      sourceAttached={!video.matches({ playback: 'deferred' })}
      muted={video.matches({ sound: 'muted' })}
      playing={video.matches({ playback: 'playing' })}
      onNearViewport={onNearViewport}
      onToggleMute={() => videoRef.send({ type: 'video.toggleMute' })}
      onTogglePlay={() => videoRef.send({ type: 'video.togglePlay' })}
      onStopped={onStopped}
    />
  )
}
