import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { addressAutocompleteMachine } from '@/machines/address-autocomplete.machine'
import { AddressCombobox } from '@/ui/lead-form/address-combobox'

export type AddressFieldProps = {
  /** The address search owned by the form's machine (the lead form's or the enterprise wizard's). */
  search: ActorRefFrom<typeof addressAutocompleteMachine>
  label?: string
  id: string
  value: string
  invalid: boolean
  describedBy?: string
  size?: 'large' | 'compact'
  kind?: 'address' | 'business'
  placeholder?: string
  onInput: (value: string) => void
  onNext: () => void
  onPrevious: () => void
  onChoose: (index?: number) => void
  onClose: () => void
}

/** The business address input, drawn from its form's address search; plain text entry when places is unavailable. */
export function AddressField({ search, label = 'Business address', ...field }: AddressFieldProps) {
  const predictions = useSelector(search, (s) => s.context.predictions)
  const highlightedIndex = useSelector(search, (s) => s.context.highlightedIndex)
  const expanded = useSelector(search, (s) => s.matches({ enabled: 'showing' }))
  const searching = useSelector(search, (s) => s.matches({ enabled: 'fetching' }))
  return (
    <AddressCombobox
      {...field}
      label={label}
      options={predictions.map((prediction) => ({ id: prediction.place_id, label: prediction.description }))}
      expanded={expanded}
      searching={searching}
      highlightedIndex={highlightedIndex}
    />
  )
}
