import { HONEYPOT_NAME } from '@/schemas/lead-form-post'

/**
 * A field people never see or reach: off-screen, hidden from assistive technology, out of the tab
 * order, never autofilled. Scripts that fill every input fill it, and the function stores their
 * submission as spam.
 */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_NAME} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
