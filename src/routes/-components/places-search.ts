import { fromService } from '@/lib/from-service'
import { addressAutocompleteMachine, type FetchPredictionsInput } from '@/machines/address-autocomplete.machine'
import type { PlacesService } from '@/services/places'

/** The autocomplete machine fed by the places service: addresses for the forms, businesses for the check. */
export const placesSearch = (places: PlacesService, kind: 'address' | 'business' = 'address') =>
  addressAutocompleteMachine.provide({
    actors: {
      fetchPredictions: fromService((input: FetchPredictionsInput, signal) =>
        places.autocomplete(input.query, input.sessionToken, signal, kind),
      ),
    },
  })
