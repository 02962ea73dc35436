export type PlanCardProps = {
  id: string
  name: string
  price: string
  /** The total for the chosen billing cycle: 'US$11,070 billed every 6 months'. */
  total: string
  shownFeatures: readonly string[]
  moreCount: number
  selected: boolean
  onSelect: () => void
  onMore: () => void
}

/** One selectable plan: a radio input whose label is the card, and a link-styled button to the rest. */
export function PlanCard(props: PlanCardProps) {
  const inputId = `enterprise-plan-${props.id}`
  return (
    <div className="relative flex flex-col rounded-2xl border-2 border-slate-200 bg-white p-4 shadow-sm xs:p-6 has-checked:border-brand-600 has-checked:ring-2 has-checked:ring-brand-200 has-focus-visible:ring-2 has-focus-visible:ring-brand-600">
      <label htmlFor={inputId} className="flex cursor-pointer flex-col gap-3">
        <span className="flex items-center justify-between gap-3">
          <span className="min-w-0 text-lg font-bold text-ink">{props.name}</span>
          <input
            id={inputId}
            type="radio"
            name="selected_plan"
            value={props.id}
            checked={props.selected}
            onChange={props.onSelect}
            className="size-5 accent-brand-600"
          />
        </span>
        <span className="text-3xl font-extrabold text-ink max-xs:text-2xl">
          {props.price}
          {/* A longer price wraps before '/month' rather than sticking out of a narrow card; the name read out is unchanged. */}
          <wbr />
          <span className="text-base font-medium text-muted">/month</span>
        </span>
        <span className="text-sm font-medium text-muted">{props.total}</span>
      </label>
      <ul className="mt-4 space-y-2 text-sm text-ink">
        {props.shownFeatures.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-success">
              ✓
            </span>
            <span className="first-letter:uppercase">{feature}</span>
          </li>
        ))}
      </ul>
      {props.moreCount > 0 && (
        <button
          type="button"
          onClick={props.onMore}
          className="mt-4 self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          +{props.moreCount} more features<span className="sr-only"> of {props.name}</span>
        </button>
      )}
    </div>
  )
}
