import { useSelector } from '@xstate/react'
import type { LeadAddressSearchRef } from '@/machines/lead-form.machine'
import { AddressCombobox } from '@/ui/lead-form/address-combobox'

export type AddressFieldProps = {
  search: LeadAddressSearchRef
  id: string
  value: string
  invalid: boolean
  describedBy?: string
  size?: 'large' | 'compact'
  onInput: (value: string) => void
  onNext: () => void
  onPrevious: () => void
  onChoose: (index?: number) => void
  onClose: () => void
}

/** The business address input, drawn from the lead form's own address search; plain text entry when places is unavailable. */
export function AddressField({ search, ...field }: AddressFieldProps) {
  const predictions = useSelector(search, (s) => s.context.predictions)
  const highlightedIndex = useSelector(search, (s) => s.context.highlightedIndex)
  const expanded = useSelector(search, (s) => s.matches({ enabled: 'showing' }))
  return (
    <AddressCombobox
      {...field}
      label="Business address"
      options={predictions.map((prediction) => ({ id: prediction.place_id, label: prediction.description }))}
      expanded={expanded}
      highlightedIndex={highlightedIndex}
    />
  )
}
