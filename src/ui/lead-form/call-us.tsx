import { site } from '@/site'

/** The way forward under a failed lead: the wait the server asked for, in words, and the sales phone. */
export function CallUs({ wait }: { wait?: string | null }) {
  return (
    <p className="mt-1 font-normal text-ink">
      {wait ? `You can try again in ${wait}, or call us on ` : 'Or call us on '}
      <a href={site.phone.href} className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2">
        {site.phone.display}
      </a>
      .
    </p>
  )
}
