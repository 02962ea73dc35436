import { useSelector } from '@xstate/react'
import type { AddressSearchRef } from '@/machines/enterprise-wizard.machine'
import { AddressCombobox } from '@/ui/lead-form/address-combobox'

export type EnterpriseAddressProps = {
  search: AddressSearchRef
  id: string
  value: string
  invalid: boolean
  describedBy?: string
  onInput: (value: string) => void
  onNext: () => void
  onPrevious: () => void
  onChoose: (index?: number) => void
  onClose: () => void
}

/** The full business address combobox, drawn from the wizard's own address search. */
export function EnterpriseAddress({ search, ...field }: EnterpriseAddressProps) {
  const predictions = useSelector(search, (s) => s.context.predictions)
  const highlightedIndex = useSelector(search, (s) => s.context.highlightedIndex)
  const expanded = useSelector(search, (s) => s.matches({ enabled: 'showing' }))
  return (
    <AddressCombobox
      {...field}
      label="Full business address"
      options={predictions.map((prediction) => ({ id: prediction.place_id, label: prediction.description }))}
      expanded={expanded}
      highlightedIndex={highlightedIndex}
    />
  )
}
