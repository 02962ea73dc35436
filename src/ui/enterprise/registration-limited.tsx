import { site } from '@/site'

/** Step 2's answer when the database's per-address limit refused the registration: the sales phone instead. */
export function RegistrationLimited() {
  return (
    <>
      Too many registrations from your network. Please call us on{' '}
      <a href={site.phone.href} className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2">
        {site.phone.display}
      </a>
      .
    </>
  )
}
