import { http } from 'msw'
import { adVisitsStandIn } from '../ad-visits'
import { AD_VISITS_FUNCTION } from '../endpoints'
import { recordRequest } from '../recorder'

const answer = adVisitsStandIn((visit) => recordRequest('ad-visits', visit))

/** The landing beacon's `ad-visits` function: 204 for a visit it takes, its own refusals otherwise. */
export const adVisitsHandlers = [http.all(AD_VISITS_FUNCTION, ({ request }) => answer(request))]
