import { reviewCheckContent } from '@/content/review-check'
import type { CheckedPlace } from '@/schemas/review-check'

const c = reviewCheckContent.result

/** The ranked places; the business's row says so in words (and is tinted), never by colour alone. */
export function CompetitorTable({ places, businessId }: { places: readonly CheckedPlace[]; businessId: string }) {
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="pb-2 text-left text-sm text-muted">{c.tableCaption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-xs tracking-wide text-muted uppercase">
          <th scope="col" className="w-8 py-2 pr-2">
            #
          </th>
          <th scope="col" className="py-2 pr-2">
            Business
          </th>
          <th scope="col" className="w-16 py-2 pr-2 text-right">
            Rating
          </th>
          <th scope="col" className="w-16 py-2 text-right">
            Reviews
          </th>
        </tr>
      </thead>
      <tbody>
        {places.map((place, index) => {
          const isBusiness = place.id === businessId
          return (
            <tr key={place.id} className={`border-b border-slate-200 ${isBusiness ? 'bg-brand-50 font-semibold' : ''}`}>
              <td className="py-2 pr-2 align-top">{index + 1}</td>
              <th scope="row" className="py-2 pr-2 align-top font-normal break-words">
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
