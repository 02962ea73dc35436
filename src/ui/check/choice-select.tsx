import { inputClass, labelClass } from '@/ui/lead-form/field-styles'

export type ChoiceSelectProps<T extends number> = {
  id: string
  label: string
  value: T
  choices: readonly { value: T; label: string }[]
  disabled?: boolean
  onChange: (value: T) => void
}

/** A labelled select of numeric choices (the check's radius and target rating). */
export function ChoiceSelect<T extends number>({ id, label, value, choices, disabled, onChange }: ChoiceSelectProps<T>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value) as T)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  )
}
