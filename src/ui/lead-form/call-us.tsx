import type { CallUsLine } from '@/content/call-us-line'
import { site } from '@/site'

const link = 'font-semibold text-brand-700 underline underline-offset-2'

/**
 * A way forward under a failure, in one sentence: the sales phone as a number to read and to dial,
 * its +61 form for callers outside Australia (a 1300 number cannot be dialled from abroad), and an
 * e-mail link for anyone who cannot call.
 */
export function CallUs({ before = 'Or call us on', after = '', inline = false }: Partial<CallUsLine> & { inline?: boolean }) {
  const Line = inline ? 'span' : 'p'
  const { phone, phoneInternational, email } = site
  return (
    <Line className={inline ? undefined : 'mt-1 font-normal text-ink'}>
      {before}{' '}
      <a href={phone.href} className={`${link} whitespace-nowrap`}>
        {phone.display}
      </a>
      {phoneInternational.display !== phone.display && (
        <>
          {' ('}
          <a href={phoneInternational.href} className={`${link} whitespace-nowrap`}>
            {phoneInternational.display}
          </a>{' '}
          from outside Australia)
        </>
      )}{' '}
      or e-mail{' '}
      <a href={`mailto:${email}`} className={`${link} break-all`}>
        {email}
      </a>
      {after}.
    </Line>
  )
}
