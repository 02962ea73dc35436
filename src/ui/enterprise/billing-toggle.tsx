import type { BillingCycle } from '@/schemas/enterprise'

export type BillingOption = { value: BillingCycle; label: string; clarifier?: string }

/** The billing cycle as a two-option radio group drawn as a segmented toggle; on the narrowest phones
 *  (below 360 px) the options stack, as side by side they are wider than the card. */
export function BillingToggle({
  options,
  value,
  onChange,
}: {
  options: BillingOption[]
  value: BillingCycle
  onChange: (value: BillingCycle) => void
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">Billing cycle</legend>
      <div className="inline-flex max-w-full rounded-full bg-slate-100 p-1 max-xs:flex max-xs:flex-col max-xs:rounded-3xl">
        {options.map((option) => (
          <label
            key={option.value}
            className="relative flex min-w-0 cursor-pointer flex-col items-center justify-center rounded-full px-5 py-2 text-center text-sm leading-tight font-semibold text-muted has-checked:bg-white has-checked:text-brand-800 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <input
              type="radio"
              name="billing_cycle"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            {option.label}
            {option.clarifier && <span className="text-xs font-medium"> {option.clarifier}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
