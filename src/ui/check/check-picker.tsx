import type { ReactNode } from 'react'
import { reviewCheckContent } from '@/content/review-check'
import { RADII_KM, type RadiusKm } from '@/schemas/review-check-values'
import { ChoiceSelect } from './choice-select'

const c = reviewCheckContent.picker

export type CheckPickerProps = {
  /** The business combobox, drawn by the page from its business search. */
  businessField: (ids: { errorId: string }) => ReactNode
  radiusKm: RadiusKm
  /** false until the script runs: the check cannot work without it. */
  ready: boolean
  busy: boolean
  /** A check asked for with no business picked: nothing typed, or text typed but no suggestion chosen. */
  error: 'business-required' | 'business-not-chosen' | null
  /** The text in the business field, as the messages quote it. */
  typed: string
  /** Places suggested nothing for the text typed. */
  noMatch: boolean
  /** Another way forward (the lead form with the name, the phone), shown whenever the business cannot be picked. */
  offer: ReactNode
  onRadiusChange: (radiusKm: RadiusKm) => void
  onSubmit: () => void
}

/**
 * Not a <form>: a check is a lookup of a public place, never a post, and a GET form would put
 * what was typed in the URL. The button is the only way to run it.
 */
export function CheckPicker(props: CheckPickerProps) {
  const errorId = 'check-business-error'
  return (
    <div role="search" aria-label="Review check" className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      {props.businessField({ errorId })}
      {props.error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {props.error === 'business-required'
            ? c.businessRequired
            : props.noMatch
              ? c.noMatch(props.typed.trim())
              : c.businessNotChosen(props.typed.trim())}
        </p>
      )}
      <div role="status" className="empty:hidden">
        {props.noMatch && !props.error && <p className="text-sm text-ink">{c.noMatch(props.typed.trim())}</p>}
      </div>
      {(props.noMatch || props.error === 'business-not-chosen') && props.offer}
      <ChoiceSelect
        id="check-radius"
        label={c.radius}
        value={props.radiusKm}
        choices={RADII_KM.map((km) => ({ value: km, label: `${km} km` }))}
        disabled={!props.ready}
        onChange={props.onRadiusChange}
      />
      <button type="button" className="btn-primary" disabled={!props.ready || props.busy} onClick={props.onSubmit}>
        {props.busy ? c.busy : c.submit}
      </button>
      <noscript>
        <p className="text-sm text-muted">
          {c.noScript} <a href="/schedule">{c.noScriptLink}</a>.
        </p>
      </noscript>
    </div>
  )
}
