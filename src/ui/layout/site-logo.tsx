import { site } from '@/site'

export function SiteLogo({ className = 'h-9 w-auto' }: { className?: string }) {
  return <img src={site.logo} alt={`${site.brand} home`} width={180} height={40} className={className} />
}
