import { useEffect, useRef, type KeyboardEvent } from 'react'
import { inputClass, labelClass } from './field-styles'

export type AddressOption = { id: string; label: string }

export type AddressComboboxProps = {
  id: string
  label: string
  value: string
  options: AddressOption[]
  expanded: boolean
  /** Suggestions are on their way: a quiet 'Searching…' under the input, announced politely. */
  searching?: boolean
  highlightedIndex: number
  disabled?: boolean
  invalid?: boolean
  describedBy?: string
  /** 'large' lists scroll within 24rem, 'compact' (modals) within 12rem. */
  size?: 'large' | 'compact'
  /** What is searched: addresses (the lead forms) or businesses (the review check); names the input and the live count. */
  kind?: 'address' | 'business'
  placeholder?: string
  /** The constraints the browser checks before or without the script (the lead schema's). */
  constraints?: { pattern: string; title: string; maxLength: number }
  onInput: (value: string) => void
  onNext: () => void
  onPrevious: () => void
  onChoose: (index?: number) => void
  onClose: () => void
}

/** The WAI-ARIA combobox pattern (list autocomplete): arrows move, Enter chooses, Escape closes. */
export function AddressCombobox(props: AddressComboboxProps) {
  const { id, label, value, options, expanded, highlightedIndex, size = 'large', kind = 'address' } = props
  const listId = `${id}-listbox`
  const optionId = (index: number) => `${id}-option-${index}`
  const open = expanded && options.length > 0
  const listRef = useRef<HTMLUListElement>(null)

  useEffect(() => {
    if (open && highlightedIndex >= 0) listRef.current?.children[highlightedIndex]?.scrollIntoView({ block: 'nearest' })
  }, [open, highlightedIndex])

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && open) {
      event.preventDefault()
      props.onNext()
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault()
      props.onPrevious()
    } else if (event.key === 'Enter' && open && highlightedIndex >= 0) {
      event.preventDefault()
      props.onChoose()
    } else if (event.key === 'Escape') {
      // Also cancels a search still waiting or in flight, so no list pops up after the visitor said no.
      if (open) event.preventDefault()
      props.onClose()
    }
  }

  return (
    <div className="relative">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {/* 'Searching…' shows inside the field's box and the list floats over the page, so nothing after the field moves. */}
      <div className="relative">
        <input
          id={id}
          name={kind === 'address' ? 'business' : 'business-name'}
          type="text"
          role="combobox"
          // street-address is for multi-line fields only; line 1 is what a one-line address box holds.
          autoComplete={kind === 'address' ? 'address-line1' : 'organization'}
          placeholder={props.placeholder ?? 'Start typing your business address'}
          required
          {...props.constraints}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && highlightedIndex >= 0 ? optionId(highlightedIndex) : undefined}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          disabled={props.disabled}
          value={value}
          className={props.searching && !open ? `${inputClass} pr-28` : inputClass}
          onChange={(event) => props.onInput(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={props.onClose}
        />
        {props.searching && !open && (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-4 flex items-center text-sm text-muted">
            Searching…
          </span>
        )}
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden={!open}
        className={`absolute z-20 mt-1 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg ${size === 'large' ? 'max-h-96' : 'max-h-48'}`}
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlightedIndex}
            className="cursor-pointer px-4 py-2 text-sm text-ink aria-selected:bg-brand-50 aria-selected:text-brand-800"
            // Keep focus in the input so its blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => props.onChoose(index)}
          >
            {option.label}
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className="sr-only">
        {open
          ? `${options.length} ${kind} suggestion${options.length === 1 ? '' : 's'} available. Use the arrow keys to choose.`
          : props.searching
            ? 'Searching…'
            : ''}
      </p>
    </div>
  )
}
