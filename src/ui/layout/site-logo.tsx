import { site } from '@/site'

/** Eager in the header (it is preloaded); lazy elsewhere, like every other image. */
export function SiteLogo({
  className = 'h-9 w-auto',
  lazy = false,
  alt = `${site.brand} home`,
}: {
  className?: string
  lazy?: boolean
  alt?: string
}) {
  return <img src={site.logo} alt={alt} width={180} height={40} loading={lazy ? 'lazy' : undefined} className={className} />
}
