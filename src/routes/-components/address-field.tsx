import { useEffect, useEffectEvent } from 'react'
import { fromPromise } from 'xstate'
import { addressAutocompleteMachine } from '@/machines/address-autocomplete.machine'
import type { PlacesService } from '@/services/places'
import { useAppActor } from '@/lib/use-app-actor'
import { AddressCombobox } from '@/ui/lead-form/address-combobox'

export type AddressFieldProps = {
  id: string
  value: string
  invalid: boolean
  describedBy?: string
  size?: 'large' | 'compact'
  places: PlacesService
  onChange: (value: string) => void
  onSelect: (description: string) => void
}

/** The business address input with place suggestions; plain text entry when places is unavailable. */
export function AddressField({ places, onChange, onSelect, ...field }: AddressFieldProps) {
  const [state, ref] = useAppActor(
    addressAutocompleteMachine.provide({
      actors: {
        fetchPredictions: fromPromise(({ input, signal }) => places.autocomplete(input.query, input.sessionToken, signal)),
      },
    }),
    { input: { enabled: places.enabled } },
  )

  const chosen = useEffectEvent((description: string) => onSelect(description))
  useEffect(() => {
    const subscription = ref.on('suggestion.chosen', (event) => chosen(event.description))
    return () => subscription.unsubscribe()
  }, [ref])

  const { predictions, highlightedIndex } = state.context
  return (
    <AddressCombobox
      {...field}
      label="Business address"
      options={predictions.map((prediction) => ({ id: prediction.place_id, label: prediction.description }))}
      expanded={state.matches({ enabled: 'showing' })}
      highlightedIndex={highlightedIndex}
      onInput={(value) => {
        onChange(value)
        ref.send({ type: 'query.changed', value })
      }}
      onNext={() => ref.send({ type: 'list.next' })}
      onPrevious={() => ref.send({ type: 'list.previous' })}
      onChoose={(index) => ref.send({ type: 'list.choose', index })}
      onClose={() => ref.send({ type: 'list.close' })}
    />
  )
}
