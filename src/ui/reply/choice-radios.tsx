/** A native radio group in a fieldset: arrow keys move between choices, as browsers do. */
export function ChoiceRadios<T extends string | number>({
  name,
  legend,
  choices,
  value,
  error,
  errorId,
  onChange,
}: {
  name: string
  legend: string
  choices: readonly { value: T; label: string }[]
  value: T | null
  error?: string
  errorId?: string
  onChange: (value: string) => void
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-2">
      <legend className="mb-1 font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {choices.map((choice) => (
          <label key={choice.value} className="inline-flex items-center gap-2 text-ink">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onChange(event.currentTarget.value)}
              className="h-4 w-4 accent-brand-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}
