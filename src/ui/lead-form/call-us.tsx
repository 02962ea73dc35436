import type { CallUsLine } from '@/content/call-us-line'
import { site } from '@/site'

/** A way forward under a failure: the sales phone as a number to read and to dial, in a sentence. */
export function CallUs({ before = 'Or call us on', after = '', inline = false }: Partial<CallUsLine> & { inline?: boolean }) {
  const Line = inline ? 'span' : 'p'
  return (
    <Line className={inline ? undefined : 'mt-1 font-normal text-ink'}>
      {before}{' '}
      <a href={site.phone.href} className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2">
        {site.phone.display}
      </a>
      {after}.
    </Line>
  )
}
