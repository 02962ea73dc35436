import { fromPromise } from 'xstate'
import { addressAutocompleteMachine } from '@/machines/address-autocomplete.machine'
import type { PlacesService } from '@/services/places'

/** The autocomplete machine fed by the places service: addresses for the forms, businesses for the check. */
export const placesSearch = (places: PlacesService, kind: 'address' | 'business' = 'address') =>
  addressAutocompleteMachine.provide({
    actors: {
      fetchPredictions: fromPromise(({ input, signal }) => places.autocomplete(input.query, input.sessionToken, signal, kind)),
    },
  })
