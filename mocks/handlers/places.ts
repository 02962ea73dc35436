import { delay, http, HttpResponse } from 'msw'
import { PLACES_FUNCTION } from '../endpoints'
import { isScenario } from '../scenario'
import { recordRequest } from '../recorder'
import { addressFixtures } from '../fixtures/addresses'
import { businessFixtures } from '../fixtures/businesses'

const placeId = (description: string) => `mock-${description.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
const addresses = addressFixtures.map((description) => ({ place_id: placeId(description), description }))
const businesses = businessFixtures.map((b) => ({ place_id: b.id, description: `${b.name}, ${b.address}` }))

/** The `places` edge function: `{ status, predictions: [{ place_id, description }] }`. */
export const placesHandlers = [
  http.get(PLACES_FUNCTION, async ({ request }) => {
    const url = new URL(request.url)
    const input = url.searchParams.get('input')?.trim() ?? ''
    const session = url.searchParams.get('session') ?? ''
    recordRequest('places', { input, session, ...(url.searchParams.has('kind') ? { kind: url.searchParams.get('kind') } : {}) })
    if (isScenario('places-down'))
      return HttpResponse.json({ status: 'UNAVAILABLE', predictions: [], error: 'Places is down' }, { status: 503 })
    if (!input || input.length > 200 || !/^[A-Za-z0-9_-]{1,100}$/.test(session)) {
      return HttpResponse.json({ status: 'INVALID_REQUEST', predictions: [], error: 'input and session are required' }, { status: 400 })
    }
    await delay(isScenario('slow') ? 1_500 : 80)
    const words = input.toLowerCase().split(/\s+/)
    // `kind=business` (the review check) finds businesses by name or address, as Google's establishments.
    const predictions = (url.searchParams.get('kind') === 'business' ? businesses : addresses)
      .filter((place) => words.every((word) => place.description.toLowerCase().includes(word)))
      .slice(0, 5)
    return HttpResponse.json({ status: predictions.length ? 'OK' : 'ZERO_RESULTS', predictions })
  }),
]
