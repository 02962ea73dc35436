import { reviewCheckContent } from '@/content/review-check'
import type { CheckedPlace } from '@/schemas/review-check'

const c = reviewCheckContent.result

/** The ranked places; the business's row says so in words (and is tinted), never by colour alone.
 *  Below 360 px the columns size to their content, so the names get the room the fixed figure columns would keep empty. */
export function CompetitorTable({ places, businessId }: { places: readonly CheckedPlace[]; businessId: string }) {
  return (
    <table className="w-full table-fixed border-collapse max-xs:table-auto text-left text-sm">
      <caption className="pb-2 text-left text-sm text-muted">{c.tableCaption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-xs tracking-wide text-muted uppercase max-xs:tracking-normal">
          <th scope="col" className="w-8 py-2 pr-2 max-xs:w-auto max-xs:pr-1">
            #
          </th>
          <th scope="col" className="py-2 pr-2 max-xs:pr-1">
            Business
          </th>
          <th scope="col" className="w-16 py-2 pr-2 text-right max-xs:w-auto">
            Rating
          </th>
          <th scope="col" className="w-16 py-2 text-right max-xs:w-auto">
            Reviews
          </th>
        </tr>
      </thead>
      <tbody>
        {places.map((place, index) => {
          const isBusiness = place.id === businessId
          return (
            <tr key={place.id} className={`border-b border-slate-200 ${isBusiness ? 'bg-brand-50 font-semibold' : ''}`}>
              <td className="py-2 pr-2 align-top max-xs:pr-1">{index + 1}</td>
              <th scope="row" className="py-2 pr-2 align-top font-normal break-words max-xs:pr-1 max-xs:wrap-anywhere">
                {isBusiness && <strong className="block text-xs tracking-wide text-brand-800 uppercase">{c.you}</strong>}
                <a href={place.mapsUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                  {place.name} <span className="sr-only">on Google Maps (opens in a new tab)</span>
                </a>
              </th>
              <td className="py-2 pr-2 text-right align-top">{place.rating === null ? '–' : place.rating.toFixed(1)}</td>
              <td className="py-2 text-right align-top">{place.reviewCount}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
