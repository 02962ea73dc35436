import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { addressAutocompleteMachine, AddressAutocompleteEvent } from '@/machines/address-autocomplete.machine'
import { AddressCombobox } from '@/ui/lead-form/address-combobox'

export type AddressFieldProps = {
  /** The address search owned by the form's machine (the lead form's or the enterprise wizard's). */
  search: ActorRefFrom<typeof addressAutocompleteMachine>
  label?: string
  id: string
  invalid: boolean
  describedBy?: string
  size?: 'large' | 'compact'
  kind?: 'address' | 'business'
  placeholder?: string
  constraints?: { pattern: string; title: string; maxLength: number }
  /** While its form is busy (a lead sending, a check running) the field holds still. */
  frozen?: boolean
}

/** The business address input: the address search holds its text and hears every key; plain text entry when places is unavailable. */
export function AddressField({ search, label = 'Business address', frozen = false, ...field }: AddressFieldProps) {
  const value = useSelector(search, (s) => s.context.query)
  const predictions = useSelector(search, (s) => s.context.predictions)
  const highlightedIndex = useSelector(search, (s) => s.context.highlightedIndex)
  const expanded = useSelector(search, (s) => s.matches({ enabled: 'showing' }))
  const searching = useSelector(search, (s) => s.matches({ enabled: 'fetching' }))
  const send = (event: AddressAutocompleteEvent) => frozen || search.send(event)
  return (
    <AddressCombobox
      {...field}
      label={label}
      value={value}
      onInput={(value) => send({ type: 'query.changed', value })}
      onNext={() => send({ type: 'list.next' })}
      onPrevious={() => send({ type: 'list.previous' })}
      onChoose={(index) => send({ type: 'list.choose', index })}
      onClose={() => send({ type: 'list.close' })}
      options={predictions.map((prediction) => ({ id: prediction.place_id, label: prediction.description }))}
      expanded={expanded}
      searching={searching}
      highlightedIndex={highlightedIndex}
    />
  )
}
